// `partner-admin seed --scale national|small`: a national federation's volume in set-based SQL
// (never the API), in one transaction, for the volume bench and the EXPLAIN test. Every row is
// one the API could have made: names are ASCII (so a name's key is its lower case), licenses are
// approved with their federation's numbers, invoices numbered per club and year without gaps,
// fixtures drawn by the fixtures module itself.
import type { Sql, TransactionSql } from 'postgres';
import { grantableScopes } from '../auth/scopes.js';
import { transaction } from '../db/transaction.js';
import { fixtures } from '../resources/fixtures.js';
import type { Side } from '../resources/standings.js';
import { issueCredential, type Issued } from './credentials.js';
import { createOperator } from './workspaces.js';

export type Scale = 'national' | 'small';

interface SeedVolume {
  clubs: number;
  /** Members of the first club; the rest share `members - bigClub`. */
  bigClub: number;
  members: number;
  persons: number;
  teams: number;
  competitions: number;
  invoices: number;
  sanctions: number;
  transfers: number;
  smallFederations: number;
}

/** The issue's national federation; `small` is a tenth of each (at least one of each kind). */
function seedVolume(scale: Scale): SeedVolume {
  const national: SeedVolume = {
    clubs: 500, bigClub: 100_000, members: 250_000, persons: 200_000, teams: 2_000, competitions: 100,
    invoices: 100_000, sanctions: 50, transfers: 2_000, smallFederations: 20,
  };
  if (scale === 'national') return national;
  const small = { ...national };
  for (const key of Object.keys(national) as (keyof SeedVolume)[]) small[key] = Math.max(2, Math.round(national[key] / 10));
  return small;
}

export interface SeedSet {
  federation: { id: string; credential: Issued };
  clubs: { id: string; credential: Issued }[];
  small_federations: string[];
  counts: Record<string, number>;
}

const seasons = [{ year: 2025, status: 'closed' }, { year: 2026, status: 'open' }] as const;

async function ownerCredential(sql: Sql, masterKey: Buffer, workspaceId: string, kind: 'club' | 'federation') {
  const operator = await createOperator(sql, { workspaceId, email: `owner+seed-${workspaceId}@example.org`, isOwner: true });
  return issueCredential(sql, masterKey, {
    workspaceId, issuerId: operator.id, label: `seed ${kind}`, algorithm: 'hmac-sha256', scopes: grantableScopes(kind),
  });
}

/** One federation with its clubs; answers the federation's id, its clubs' ids and its season ids (closed, open). */
async function federationWithClubs(sql: TransactionSql, name: string, clubs: number) {
  const [fed] = await sql<{ id: string }[]>`
    insert into workspaces (kind, name, short_name, country) values ('federation', ${name}, 'SEED', 'NL') returning id`;
  const clubIds = (await sql<{ id: string }[]>`
    insert into workspaces (kind, name, federation_id, country)
    select 'club', ${name} || ' club ' || i, ${fed!.id}, 'NL' from generate_series(1, ${clubs}) i order by i returning id`).map((r) => r.id);
  await sql`update workspaces set affiliation_number = 'A' || lpad(id::text, 6, '0') where id = any(${clubIds}::bigint[])`;
  const seasonIds: string[] = [];
  for (const s of seasons) {
    const [row] = await sql<{ id: string }[]>`
      insert into seasons (federation_id, name, starts_on, ends_on, status)
      values (${fed!.id}, ${`Season ${s.year}`}, ${`${s.year}-01-01`}, ${`${s.year}-12-31`}, ${s.status}) returning id`;
    seasonIds.push(row!.id);
  }
  const [category] = await sql<{ id: string }[]>`
    insert into license_categories (federation_id, code, name) values (${fed!.id}, 'SENIOR', 'Senior') returning id`;
  return { id: fed!.id, clubIds, seasonIds, categoryId: category!.id };
}

export async function seed(sql: Sql, masterKey: Buffer, scale: Scale): Promise<SeedSet> {
  const v = seedVolume(scale);
  const made = await transaction(sql, async (tx) => {
    await tx`set local statement_timeout = 0`;
    await tx`set local lock_timeout = 0`;
    const tag = Date.now().toString(36);
    const fed = await federationWithClubs(tx, `Seed national ${tag}`, v.clubs);
    const openSeason = fed.seasonIds[1]!;
    const clubs = fed.clubIds;

    // Members: the first club holds `bigClub`, the others share the rest round-robin. The first
    // `persons` members are in the registry, each with a license in both seasons.
    await tx`
      insert into members (federation_id, club_id, first_name, last_name, birth_date, gender, email, external_ref, joined_on, status)
      select ${fed.id}, case when i <= ${v.bigClub} then ${clubs[0]!}::bigint
                  else (${clubs}::bigint[])[2 + (i - ${v.bigClub}) % ${clubs.length - 1}] end,
        'First' || (i % 997), 'Last' || i, date '1960-01-01' + (i % 15000), (array['female', 'male'])[1 + i % 2],
        'member' || i || '@example.org', 'ext-' || i, date '2024-01-01' + (i % 600), case when i % 50 = 0 and i > ${v.persons} then 'archived' else 'active' end
      from generate_series(1, ${v.members}) i`;
    const firstMember = (await tx<{ id: string }[]>`select min(id)::text as id from members where federation_id = ${fed.id} and club_id = any(${clubs}::bigint[])`)[0]!.id;
    await tx`
      insert into persons (federation_id, first_name, last_name, first_name_key, last_name_key, birth_date, gender, current_club_id)
      select ${fed.id}, m.first_name, m.last_name, lower(m.first_name), lower(m.last_name), m.birth_date, m.gender, m.club_id
      from members m where m.federation_id = ${fed.id} and m.id between ${firstMember} and ${firstMember}::bigint + ${v.persons} - 1
        and m.status = 'active' order by m.id`;
    await tx`
      update members m set person_id = p.id from persons p
      where p.federation_id = ${fed.id} and m.federation_id = p.federation_id and m.id between ${firstMember} and ${firstMember}::bigint + ${v.persons} - 1
        and m.status = 'active' and m.last_name = p.last_name and m.birth_date = p.birth_date and m.club_id = p.current_club_id`;
    for (const [index, s] of seasons.entries()) {
      await tx`
        insert into licenses (federation_id, club_id, member_id, person_id, season_id, category_id, category_code, number, status,
          requested_at, decided_at, valid_from, valid_until)
        select ${fed.id}, m.club_id, m.id, m.person_id, ${fed.seasonIds[index]!}, ${fed.categoryId}, 'SENIOR',
          ${String(s.year)} || '-' || lpad((row_number() over (order by m.id))::text, 6, '0'), 'approved',
          ${`${s.year}-01-02T09:00:00Z`}, ${`${s.year}-01-03T09:00:00Z`}, ${`${s.year}-01-01`}, ${`${s.year}-12-31`}
        from members m where m.federation_id = ${fed.id} and m.person_id is not null and m.club_id = any(${clubs}::bigint[]) order by m.id`;
      // Kept by the code since Citus refuses the triggers that kept it (sql/00025): one pass over the season's licenses.
      await tx`
        select club_licensed_members_apply(${fed.id}::bigint, '{}'::licenses[],
          array(select l from licenses l where l.federation_id = ${fed.id} and l.season_id = ${fed.seasonIds[index]!}))`;
      await tx`
        insert into license_numbers (federation_id, year, last_number)
        select ${fed.id}, ${s.year}, count(*) from licenses where federation_id = ${fed.id} and season_id = ${fed.seasonIds[index]!}
        having count(*) > 0`;
    }

    // Teams of the open season, spread over the clubs; each team has 11 licensed players.
    await tx`
      insert into teams (federation_id, club_id, name, season_id, category, gender)
      select ${fed.id}, (${clubs}::bigint[])[1 + i % ${clubs.length}], 'Team ' || i, ${openSeason}, 'SENIOR', 'mixed'
      from generate_series(0, ${v.teams - 1}) i`;
    await tx`
      insert into roster_entries (federation_id, team_id, member_id, role, shirt_number)
      select ${fed.id}, t.id, m.id, 'player', m.n
      from (select id, club_id, row_number() over (partition by club_id order by id) as k from teams
            where federation_id = ${fed.id} and season_id = ${openSeason}) t
      cross join lateral (
        select id, row_number() over (order by id) as n from members
        where federation_id = ${fed.id} and club_id = t.club_id and person_id is not null order by id offset (t.k - 1) * 11 limit 11) m`;

    // Competitions of 16–20 accepted entries (teams taken in turn), fixtures drawn by the fixtures
    // module; the first half is played through (results, lineups, standings) and so completed.
    const teams = await tx<{ id: string; club_id: string; name: string }[]>`
      select id, club_id, name from teams where federation_id = ${fed.id} and season_id = ${openSeason} order by id`;
    let nextTeam = 0;
    for (let c = 0; c < v.competitions; c++) {
      const played = c < v.competitions / 2;
      const size = 16 + (c % 5);
      const [competition] = await tx<{ id: string }[]>`
        insert into competitions (federation_id, name, season_id, category_id, legs, status, entry_deadline, starts_on, max_entries)
        values (${fed.id}, ${`League ${c + 1}`}, ${openSeason}, ${fed.categoryId}, 1, ${played ? 'completed' : 'scheduled'},
          '2026-02-15', ${played ? '2026-03-01' : '2026-09-05'}, 20) returning id`;
      const chosen = Array.from({ length: size }, () => teams[nextTeam++ % teams.length]!);
      const sides = await tx<Side[]>`
        insert into entries (federation_id, competition_id, club_id, team_id, team_name, status)
        select ${fed.id}, ${competition!.id}, t.club_id, t.id, t.name, 'accepted'
        from unnest(${chosen.map((t) => t.id)}::bigint[]) with ordinality as u(team_id, n) join teams t on t.federation_id = ${fed.id} and t.id = u.team_id
        order by u.n returning id as entry_id, club_id, team_id, team_name`;
      const drawn = fixtures(sides, { legs: 1, firstRoundOn: played ? '2026-03-01' : '2026-09-05', daysBetweenRounds: 7, kickoffTime: '15:00' });
      const col = <T>(pick: (f: (typeof drawn)[number]) => T): T[] => drawn.map(pick);
      await tx`
        insert into matches (federation_id, competition_id, round, leg, home_entry_id, home_club_id, home_team_id, home_team_name,
          away_entry_id, away_club_id, away_team_id, away_team_name, scheduled_at, status, home_score, away_score, result_source)
        select ${fed.id}, ${competition!.id}, f.round, 1, f.he, f.hc, f.ht, f.hn, f.ae, f.ac, f.at, f.an, f.sa,
          ${played ? 'played' : 'scheduled'},
          case when ${played} then (f.round + f.he) % 4 end, case when ${played} then (f.round + f.ae) % 3 end,
          case when ${played} then 'federation' end
        from unnest(${col((f) => f.round)}::int[], ${col((f) => f.home.entry_id)}::bigint[], ${col((f) => f.home.club_id)}::bigint[],
          ${col((f) => f.home.team_id)}::bigint[], ${col((f) => f.home.team_name)}::text[], ${col((f) => f.away.entry_id)}::bigint[],
          ${col((f) => f.away.club_id)}::bigint[], ${col((f) => f.away.team_id)}::bigint[], ${col((f) => f.away.team_name)}::text[],
          ${col((f) => f.scheduledAt.toISOString())}::timestamptz[]) as f(round, he, hc, ht, hn, ae, ac, at, an, sa)`;
    }
    // Lineups of the played matches: each side's roster, the first seven starting.
    await tx`
      insert into lineup_players (match_id, club_id, federation_id, member_id, person_id, shirt_number, starter, submitted_at)
      select m.id, side.club_id, ${fed.id}, r.member_id, mem.person_id, r.shirt_number, r.shirt_number <= 7, m.scheduled_at - interval '1 hour'
      from matches m
      cross join lateral (values (m.home_club_id, m.home_team_id), (m.away_club_id, m.away_team_id)) side(club_id, team_id)
      join roster_entries r on r.federation_id = m.federation_id and r.team_id = side.team_id
      join members mem on mem.federation_id = m.federation_id and mem.id = r.member_id
      where m.federation_id = ${fed.id} and m.status = 'played' and m.home_club_id <> m.away_club_id`;

    // Billing: one plan per club, `invoices` invoices of one line, numbered per club in 2026;
    // every other invoice paid in full, every fifth partly, the rest open.
    await tx`
      insert into membership_plans (federation_id, club_id, name, season_id, amount, currency)
      select ${fed.id}, c, 'Senior membership', ${openSeason}, 12000, 'EUR' from unnest(${clubs}::bigint[]) c`;
    await tx`
      insert into invoices (federation_id, club_id, number, member_id, plan_id, amount, amount_paid, currency, status, issued_on, due_on)
      select ${fed.id}, m.club_id, '2026-' || lpad((row_number() over (partition by m.club_id order by m.id))::text, 6, '0'),
        m.id, p.id, 12000, case when m.n % 2 = 0 then 12000 when m.n % 5 = 1 then 5000 else 0 end, 'EUR',
        case when m.n % 2 = 0 then 'paid' else 'open' end, date '2026-01-05' + (m.n % 300)::int, date '2026-02-05' + (m.n % 300)::int
      from (select id, club_id, row_number() over (order by id) as n from members
            where federation_id = ${fed.id} and club_id = any(${clubs}::bigint[]) and status = 'active' order by id limit ${v.invoices}) m
      join membership_plans p on p.federation_id = ${fed.id} and p.club_id = m.club_id`;
    await tx`
      insert into invoice_lines (invoice_id, position, federation_id, description, amount)
      select id, 1, federation_id, 'Senior membership', amount from invoices where federation_id = ${fed.id}`;
    await tx`
      insert into payments (invoice_id, federation_id, amount, method, paid_on)
      select id, federation_id, amount_paid, 'bank_transfer', issued_on + 3 from invoices where federation_id = ${fed.id} and amount_paid > 0`;
    await tx`
      insert into invoice_counters (club_id, year, federation_id, last_number)
      select club_id, 2026, federation_id, count(*) from invoices where federation_id = ${fed.id} group by club_id, federation_id`;

    // Sanctions (warnings of persons and clubs, fines, suspensions) and open transfers of current licenses.
    await tx`
      insert into sanctions (federation_id, subject_type, person_id, club_id, kind, reason, starts_on, ends_on, amount, currency)
      select ${fed.id}, case when i % 5 = 0 then 'club' else 'person' end,
        case when i % 5 = 0 then null else p.id end, case when i % 5 = 0 then p.current_club_id end,
        case when i % 5 = 0 then 'warning' when i % 5 = 1 then 'fine' else 'suspension' end, 'Seeded sanction ' || i,
        date '2026-01-10' + i, case when i % 5 >= 2 then date '2026-01-10' + i + 28 end,
        case when i % 5 = 1 then 5000 end, case when i % 5 = 1 then 'EUR' end
      from generate_series(1, ${v.sanctions}) i
      join lateral (select id, current_club_id from persons where federation_id = ${fed.id} order by id offset i * 7 limit 1) p on true`;
    await tx`
      insert into transfers (federation_id, person_id, license_id, license_number, from_club_id, to_club_id, season_id, status, requested_at)
      select ${fed.id}, l.person_id, l.id, l.number, l.club_id,
        (${clubs}::bigint[])[1 + (array_position(${clubs}::bigint[], l.club_id) % ${clubs.length})], l.season_id, 'requested', '2026-03-01T10:00:00Z'
      from licenses l where l.federation_id = ${fed.id} and l.season_id = ${openSeason} and l.status = 'approved'
      order by l.id desc limit ${v.transfers}`;

    // The feeds: a created change for every row a workspace can read (member, team, invoice to the
    // club; license to club and federation; match to both clubs and the federation; person to the federation).
    await tx`
      insert into changes (federation_id, workspace_id, resource_type, resource_id, action, version, occurred_at)
      select ${fed.id}, workspace_id, resource_type, resource_id, 'created', 1, occurred_at from (
        select club_id as workspace_id, 'member' as resource_type, id as resource_id, created_at as occurred_at from members
          where federation_id = ${fed.id} and club_id = any(${clubs}::bigint[])
        union all select federation_id, 'person', id, created_at from persons where federation_id = ${fed.id}
        union all select club_id, 'license', id, created_at from licenses where federation_id = ${fed.id}
        union all select federation_id, 'license', id, created_at from licenses where federation_id = ${fed.id}
        union all select club_id, 'team', id, created_at from teams where federation_id = ${fed.id} and season_id = ${openSeason}
        union all select club_id, 'invoice', id, created_at from invoices where federation_id = ${fed.id}
        union all select w, 'match', id, created_at from matches,
          unnest(case when home_club_id = away_club_id then array[home_club_id, federation_id] else array[home_club_id, away_club_id, federation_id] end) w
          where federation_id = ${fed.id}
      ) c order by resource_type, resource_id`;

    const small: string[] = [];
    for (let i = 0; i < v.smallFederations; i++) small.push((await federationWithClubs(tx, `Seed small ${i + 1} ${tag}`, 3)).id);

    const counts = Object.fromEntries((await tx<{ name: string; n: string }[]>`
      select 'members' as name, count(*)::text as n from members where federation_id = ${fed.id} and club_id = any(${clubs}::bigint[])
      union all select 'persons', count(*)::text from persons where federation_id = ${fed.id}
      union all select 'licenses', count(*)::text from licenses where federation_id = ${fed.id}
      union all select 'teams', count(*)::text from teams where federation_id = ${fed.id} and season_id = ${openSeason}
      union all select 'matches', count(*)::text from matches where federation_id = ${fed.id}
      union all select 'lineup_players', count(*)::text from lineup_players where federation_id = ${fed.id}
      union all select 'invoices', count(*)::text from invoices where federation_id = ${fed.id}
      union all select 'payments', count(*)::text from payments where federation_id = ${fed.id}
      union all select 'sanctions', count(*)::text from sanctions where federation_id = ${fed.id}
      union all select 'transfers', count(*)::text from transfers where federation_id = ${fed.id}
      union all select 'changes', count(*)::text from changes where federation_id = ${fed.id} and workspace_id = any(${[fed.id, ...clubs]}::bigint[])`)
      .map((r) => [r.name, Number(r.n)]));

    await tx`analyze`;
    return { federation: fed.id, clubs: clubs.slice(0, 3), small, counts };
  });
  // The big club first; every credential holds every scope its kind can be granted.
  const federation = { id: made.federation, credential: await ownerCredential(sql, masterKey, made.federation, 'federation') };
  const clubs = [];
  for (const id of made.clubs) clubs.push({ id, credential: await ownerCredential(sql, masterKey, id, 'club') });
  return { federation, clubs, small_federations: made.small, counts: made.counts };
}

// The one place tests create data: fresh workspaces per test (so files run in parallel without
// cleaning tables) and every resource in any state. The only test code that writes SQL.
import { randomBytes } from 'node:crypto';
import { grantableScopes, type Scope } from '../../src/auth/scopes.js';
import { issueCredential } from '../../src/console/credentials.js';
import { createOperator, createWorkspace } from '../../src/console/workspaces.js';
import { drawInvoiceNumber } from '../../src/resources/invoices.js';
import { nameKey } from '../../src/resources/person-names.js';
import type { ResourceType } from '../../src/resources/unit.js';
import type { SigningKey } from '../../src/signing/client.js';
import { checkResponse, request, type RequestOptions, type Response, type Service } from './harness.js';

export interface Tenant {
  id: string;
  kind: 'club' | 'federation';
  federationId: string;
  operatorId: string;
  keyId: string;
  key: SigningKey;
  /** A signed request as this tenant's credential; a 2xx answer is checked against the operation's schema. */
  call<T = any>(method: string, path: string, body?: unknown, options?: Omit<RequestOptions, 'key' | 'body'>): Promise<Response<T>>;
}

const tag = () => randomBytes(4).toString('hex');

async function tenant(service: Service, workspace: { id: string; kind: 'club' | 'federation' }, federationId: string, scopes?: Scope[], rateLimit?: number): Promise<Tenant> {
  const operator = await createOperator(service.sql, { workspaceId: workspace.id, email: `owner-${tag()}@example.org`, isOwner: true });
  const issued = await issueCredential(service.sql, service.masterKey, {
    workspaceId: workspace.id, issuerId: operator.id, label: 'test', algorithm: 'hmac-sha256',
    scopes: scopes ?? grantableScopes(workspace.kind), rateLimit,
  });
  const key: SigningKey = { keyId: issued.key_id, algorithm: 'hmac-sha256', secret: issued.secret! };
  return {
    id: workspace.id, kind: workspace.kind, federationId, operatorId: operator.id, keyId: issued.key_id, key,
    async call(method, path, body, options = {}) {
      const res = await request(service.url, method, path, { ...options, body, key });
      checkResponse(service.router, workspace.kind, method, path, res);
      return res;
    },
  };
}

export async function createFederation(service: Service, options: { scopes?: Scope[]; rateLimit?: number } = {}): Promise<Tenant> {
  const ws = await createWorkspace(service.sql, { kind: 'federation', name: `Federation ${tag()}`, shortName: 'FED', country: 'NL' });
  return tenant(service, { id: ws.id, kind: 'federation' }, ws.id, options.scopes, options.rateLimit);
}

export async function createClub(service: Service, federation?: Tenant, options: { scopes?: Scope[]; rateLimit?: number } = {}): Promise<Tenant> {
  const fed = federation ?? (await createFederation(service));
  const ws = await createWorkspace(service.sql, { kind: 'club', name: `Club ${tag()}`, federationId: fed.id, country: 'NL' });
  return tenant(service, { id: ws.id, kind: 'club' }, fed.id, options.scopes, options.rateLimit);
}

/** A season of the federation (open unless said otherwise), in a random year unless given. */
export async function createSeason(service: Service, federationId: string, status: 'planned' | 'open' | 'closed' = 'open', year = 2000 + Math.floor(Math.random() * 90)): Promise<string> {
  const [row] = await service.sql<{ id: string }[]>`
    insert into seasons (federation_id, name, starts_on, ends_on, status)
    values (${federationId}, ${`Season ${year}`}, ${`${year}-01-01`}, ${`${year}-12-31`}, ${status}) returning id`;
  return row!.id;
}

export async function createCategory(service: Service, federationId: string, fields: { code: string; name?: string; min_age?: number | null; max_age?: number | null; status?: 'active' | 'retired' }): Promise<string> {
  const [row] = await service.sql<{ id: string }[]>`
    insert into license_categories (federation_id, code, name, min_age, max_age, status)
    values (${federationId}, ${fields.code}, ${fields.name ?? fields.code}, ${fields.min_age ?? null}, ${fields.max_age ?? null}, ${fields.status ?? 'active'})
    returning id`;
  return row!.id;
}

export interface MemberFields {
  first_name?: string; last_name?: string; birth_date?: string; gender?: string; status?: 'active' | 'archived';
  external_ref?: string | null; guardians?: unknown[];
}

export async function createMember(service: Service, club: Tenant, fields: MemberFields = {}): Promise<string> {
  const [row] = await service.sql<{ id: string }[]>`
    insert into members (club_id, first_name, last_name, birth_date, gender, status, external_ref, guardians)
    values (${club.id}, ${fields.first_name ?? 'Sem'}, ${fields.last_name ?? 'de Vries'}, ${fields.birth_date ?? '2012-06-01'},
      ${fields.gender ?? 'male'}, ${fields.status ?? 'active'}, ${fields.external_ref ?? null}, ${service.sql.json((fields.guardians ?? []) as never)})
    returning id`;
  return row!.id;
}

/** Many members of one club in one statement (EXPLAIN tests, benchmarks). */
export async function createMembers(service: Service, club: Tenant, count: number): Promise<void> {
  await service.sql`
    insert into members (club_id, first_name, last_name, birth_date, gender, external_ref, status, guardians)
    select ${club.id}, 'First' || i, 'Last' || i, date '2000-01-01' + (i % 5000), 'female', 'ref-' || i,
      case when i % 10 = 0 then 'archived' else 'active' end, '[]'
    from generate_series(1, ${count}) as i`;
  await service.sql`analyze members`;
}

export async function createTeam(service: Service, club: Tenant, fields: { season_id?: string; name?: string; status?: 'active' | 'archived' } = {}): Promise<string> {
  const season = fields.season_id ?? (await createSeason(service, club.federationId));
  const [row] = await service.sql<{ id: string }[]>`
    insert into teams (club_id, name, season_id, category, gender, status)
    values (${club.id}, ${fields.name ?? 'U12'}, ${season}, 'U12', 'mixed', ${fields.status ?? 'active'}) returning id`;
  return row!.id;
}

export async function addToRoster(service: Service, teamId: string, memberId: string, role = 'player', shirt: number | null = null): Promise<void> {
  await service.sql`insert into roster_entries (team_id, member_id, role, shirt_number) values (${teamId}, ${memberId}, ${role}, ${shirt})`;
}

export async function createActivity(service: Service, club: Tenant, fields: { team_id?: string | null; status?: 'scheduled' | 'cancelled'; starts_at?: string } = {}): Promise<string> {
  const starts = new Date(fields.starts_at ?? '2030-06-01T10:00:00.000Z');
  const [row] = await service.sql<{ id: string }[]>`
    insert into activities (club_id, kind, title, team_id, starts_at, ends_at, status)
    values (${club.id}, 'training', 'Training', ${fields.team_id ?? null}, ${starts}, ${new Date(starts.getTime() + 3_600_000)}, ${fields.status ?? 'scheduled'})
    returning id`;
  return row!.id;
}

/** Moves rows' `updated_at` into the past, for `updated_since` filters. */
export async function backdate(service: Service, table: 'members' | 'teams' | 'activities' | 'competitions' | 'entries' | 'matches' | 'officials' | 'sanctions', ids: string[], at: string): Promise<void> {
  await service.sql`update ${service.sql(table)} set updated_at = ${at} where id in ${service.sql(ids)}`;
}

/** What the federation side does to a season until its own operations exist. */
export async function setSeasonStatus(service: Service, seasonId: string, status: 'planned' | 'open' | 'closed'): Promise<void> {
  await service.sql`update seasons set status = ${status} where id = ${seasonId}`;
}

/** Another club of the federation, with a credential of its own. */
export const newClub = (service: Service, federationId: string): Promise<Tenant> =>
  createClub(service, { id: federationId } as Tenant);

export interface CompetitionFields {
  status?: 'draft' | 'open' | 'closed' | 'scheduled' | 'completed';
  season_id?: string; name?: string; legs?: 1 | 2; max_entries?: number | null; entry_deadline?: string | null;
  starts_on?: string; points?: { win: number; draw: number; loss: number };
}

export async function createCompetition(service: Service, federationId: string, fields: CompetitionFields = {}): Promise<string> {
  const season = fields.season_id ?? (await openSeasonOf(service, federationId));
  const [row] = await service.sql<{ id: string }[]>`
    insert into competitions (federation_id, name, season_id, legs, status, max_entries, entry_deadline, starts_on, points)
    values (${federationId}, ${fields.name ?? 'League'}, ${season}, ${fields.legs ?? 1}, ${fields.status ?? 'draft'},
      ${fields.max_entries ?? null}, ${fields.entry_deadline ?? null}, ${fields.starts_on ?? '2030-09-01'},
      ${service.sql.json(fields.points ?? { win: 3, draw: 1, loss: 0 })})
    returning id`;
  return row!.id;
}

/** An entry of one of the club's teams (a new team of the competition's season unless given). */
export async function createEntry(service: Service, club: Tenant, competitionId: string,
  fields: { team_id?: string; status?: 'pending' | 'accepted' | 'rejected' | 'withdrawn'; team_name?: string } = {}): Promise<string> {
  const [competition] = await service.sql<{ season_id: string }[]>`select season_id from competitions where id = ${competitionId}`;
  const team = fields.team_id ?? (await createTeam(service, club, { season_id: competition!.season_id, name: fields.team_name ?? 'First team' }));
  const [row] = await service.sql<{ id: string }[]>`
    insert into entries (federation_id, competition_id, club_id, team_id, team_name, status)
    select ${club.federationId}, ${competitionId}, ${club.id}, id, name, ${fields.status ?? 'pending'} from teams where id = ${team}
    returning id`;
  return row!.id;
}

export interface MatchFields {
  status?: 'scheduled' | 'postponed' | 'played' | 'cancelled';
  scheduled_at?: string;
  competition_id?: string;
  round?: number;
}

/** A match of `home` against `away` (another club of the federation unless given) in a scheduled competition. */
export async function createMatch(service: Service, home: Tenant, away?: Tenant, fields: MatchFields = {}): Promise<string> {
  const visitor = away ?? (await newClub(service, home.federationId));
  const competition = fields.competition_id ?? (await createCompetition(service, home.federationId, { status: 'scheduled' }));
  const sides = await service.sql<{ id: string; club_id: string; team_id: string; team_name: string }[]>`
    select id, club_id, team_id, team_name from entries where id in (
      ${await createEntry(service, home, competition, { status: 'accepted', team_name: 'Home team' })},
      ${await createEntry(service, visitor, competition, { status: 'accepted', team_name: 'Away team' })}) order by id`;
  const [h, a] = [sides[0]!, sides[1]!];
  const played = fields.status === 'played';
  const [row] = await service.sql<{ id: string }[]>`
    insert into matches (federation_id, competition_id, round, leg, home_entry_id, home_club_id, home_team_id, home_team_name,
      away_entry_id, away_club_id, away_team_id, away_team_name, scheduled_at, status, home_score, away_score, result_source)
    values (${home.federationId}, ${competition}, ${fields.round ?? 1}, 1, ${h.id}, ${h.club_id}, ${h.team_id}, ${h.team_name},
      ${a.id}, ${a.club_id}, ${a.team_id}, ${a.team_name}, ${fields.scheduled_at ?? '2030-09-07T13:00:00.000Z'}, ${fields.status ?? 'scheduled'},
      ${played ? 1 : null}, ${played ? 0 : null}, ${played ? 'federation' : null})
    returning id`;
  return row!.id;
}

export async function createOfficial(service: Service, federationId: string,
  fields: { status?: 'active' | 'inactive'; first_name?: string; last_name?: string } = {}): Promise<string> {
  const [row] = await service.sql<{ id: string }[]>`
    insert into officials (federation_id, first_name, last_name, grade, status)
    values (${federationId}, ${fields.first_name ?? 'Bas'}, ${fields.last_name ?? 'Nijhuis'}, 'National', ${fields.status ?? 'active'})
    returning id`;
  return row!.id;
}

/**
 * A closed competition of accepted entries (one per team given, in that order) whose fixtures the
 * federation generates through the API. Answers the competition and its entries' ids.
 */
export async function createScheduledCompetition(service: Service, federation: Tenant, teams: { club: Tenant; name: string }[],
  fixtures: { first_round_on?: string; days_between_rounds?: number; kickoff_time?: string } = {}, fields: CompetitionFields = {}) {
  const id = await createCompetition(service, federation.id, { ...fields, status: 'closed' });
  const entries: string[] = [];
  for (const team of teams) entries.push(await createEntry(service, team.club, id, { status: 'accepted', team_name: team.name }));
  const res = await federation.call('POST', `/v1/federation/competitions/${id}/fixtures`, fixtures);
  if (res.status !== 200) throw new Error(`fixtures: ${res.status} ${JSON.stringify(res.body)}`);
  return { id, entries };
}

/**
 * `count` matches of one federation over `clubs` clubs (no credentials) and `competitions`
 * competitions, 30 minutes apart from 2030-01-01, in a few statements: the EXPLAIN tests' volume.
 * Club i hosts club i+1 (mod clubs); answers the clubs' and the competitions' ids.
 */
export async function createMatchVolume(service: Service, federationId: string, count: number, clubs: number, competitions: number) {
  const { sql } = service;
  const season = await createSeason(service, federationId, 'planned');
  const clubIds = (await sql<{ id: string }[]>`
    insert into workspaces (kind, name, federation_id, country)
    select 'club', 'Volume club ' || i, ${federationId}, 'NL' from generate_series(1, ${clubs}) i returning id`).map((r) => r.id);
  const teams = await sql<{ id: string; club_id: string }[]>`
    insert into teams (club_id, name, season_id, category, gender)
    select c, 'Team', ${season}, 'SEN', 'mixed' from unnest(${clubIds}::bigint[]) c returning id, club_id`;
  const competitionIds = (await sql<{ id: string }[]>`
    insert into competitions (federation_id, name, season_id, status, starts_on)
    select ${federationId}, 'Volume ' || i, ${season}, 'scheduled', '2030-01-01' from generate_series(1, ${competitions}) i returning id`).map((r) => r.id);
  await sql`
    insert into entries (federation_id, competition_id, club_id, team_id, team_name, status)
    select ${federationId}, c, t.club_id, t.id, 'Team', 'accepted' from unnest(${competitionIds}::bigint[]) c, teams t
    where t.id = any(${teams.map((t) => t.id)}::bigint[])`;
  await sql`
    with e as (select id, competition_id, club_id, team_id, row_number() over (partition by competition_id order by club_id) - 1 as i from entries
               where competition_id = any(${competitionIds}::bigint[]))
    insert into matches (federation_id, competition_id, round, leg, home_entry_id, home_club_id, home_team_id, home_team_name,
      away_entry_id, away_club_id, away_team_id, away_team_name, scheduled_at)
    select ${federationId}, h.competition_id, 1 + (g / ${clubs * competitions}) % 50, 1, h.id, h.club_id, h.team_id, 'Team',
      a.id, a.club_id, a.team_id, 'Team', timestamptz '2030-01-01T00:00:00Z' + g * interval '30 minutes'
    from generate_series(0, ${count - 1}) g
    join e h on h.competition_id = (${competitionIds}::bigint[])[1 + (g / ${clubs}) % ${competitions}] and h.i = g % ${clubs}
    join e a on a.competition_id = h.competition_id and a.i = (g + 1) % ${clubs}`;
  await sql`analyze matches`;
  return { clubIds, competitionIds };
}

/**
 * A row of each stateful resource in any state of its machine, visible to `actor`: the walk of
 * every machine (test/resources/machines.test.ts) reads this.
 */
export const inState: Partial<Record<ResourceType, (service: Service, actor: Tenant, state: string, action?: string) => Promise<string>>> = {
  member: (service, club, state) => createMember(service, club, { status: state as 'active' | 'archived' }),
  activity: (service, club, state) => createActivity(service, club, { status: state as 'scheduled' | 'cancelled' }),
  competition: (service, federation, state) => createCompetition(service, federation.federationId, { status: state as CompetitionFields['status'] }),
  entry: async (service, actor, state) => {
    const club = actor.kind === 'club' ? actor : await newClub(service, actor.id);
    const competition = await createCompetition(service, actor.federationId, { status: 'open' });
    return createEntry(service, club, competition, { status: state as 'pending' });
  },
  match: async (service, actor, state) =>
    createMatch(service, actor.kind === 'club' ? actor : await newClub(service, actor.id), undefined, { status: state as MatchFields['status'] }),
};

/**
 * For each path parameter, an id of a resource `owner` holds: the security walk proves every other
 * workspace gets 404 for it (test/http/security.test.ts).
 */
export const ownedIds: Record<string, (service: Service, owner: Tenant) => Promise<string>> = {
  member_id: (service, club) => createMember(service, club),
  team_id: (service, club) => createTeam(service, club),
  activity_id: (service, club) => createActivity(service, club),
  competition_id: (service, owner) => createCompetition(service, owner.federationId, { status: 'open' }),
  entry_id: async (service, owner) => createEntry(service, owner.kind === 'club' ? owner : await newClub(service, owner.id),
    await createCompetition(service, owner.federationId, { status: 'open' })),
  match_id: async (service, owner) => createMatch(service, owner.kind === 'club' ? owner : await newClub(service, owner.id)),
  official_id: (service, owner) => createOfficial(service, owner.federationId),
};

export interface SanctionFields {
  kind?: 'warning' | 'fine' | 'suspension'; starts_on?: string; ends_on?: string | null; status?: 'active' | 'lifted' | 'expired';
}

/** A sanction of a person (or, with `club`, of a club); `expired` is an active one whose ends_on has passed. */
export async function createSanction(service: Service, federationId: string, subject: { person?: string; club?: string }, fields: SanctionFields = {}): Promise<string> {
  const kind = fields.kind ?? (subject.person ? 'suspension' : 'warning');
  const status = fields.status ?? 'active';
  const endsOn = status === 'expired' ? '2020-12-31' : fields.ends_on ?? null;
  const [row] = await service.sql<{ id: string }[]>`
    insert into sanctions (federation_id, subject_type, person_id, club_id, kind, reason, starts_on, ends_on, amount, currency,
      status, lifted_at, lift_reason)
    values (${federationId}, ${subject.person ? 'person' : 'club'}, ${subject.person ?? null}, ${subject.club ?? null}, ${kind}, 'Test',
      ${fields.starts_on ?? '2020-01-01'}, ${endsOn}, ${kind === 'fine' ? 5000 : null}, ${kind === 'fine' ? 'EUR' : null},
      ${status === 'lifted' ? 'lifted' : 'active'}, ${status === 'lifted' ? new Date() : null}, ${status === 'lifted' ? 'Appeal' : null})
    returning id`;
  return row!.id;
}

// Licensing: categories, persons, licenses and transfers in any state.

type LicenseState = 'requested' | 'approved' | 'rejected' | 'withdrawn' | 'suspended';
type TransferState = 'requested' | 'released' | 'approved' | 'rejected' | 'cancelled';

/** A club of the federation without a credential of its own (a party the test does not call as). */
export async function createClubWorkspace(service: Service, federationId: string, status: 'active' | 'suspended' = 'active'): Promise<string> {
  const ws = await createWorkspace(service.sql, { kind: 'club', name: `Club ${tag()}`, federationId, country: 'NL' });
  if (status !== 'active') await service.sql`update workspaces set status = ${status}, suspend_reason = 'test' where id = ${ws.id}`;
  return ws.id;
}

export interface PersonFields { first_name?: string; last_name?: string; birth_date?: string; gender?: string; current_club_id?: string | null }

export async function createPerson(service: Service, federationId: string, fields: PersonFields = {}): Promise<string> {
  const first = fields.first_name ?? 'Noor';
  const last = fields.last_name ?? `Jansen ${tag()}`;
  const [row] = await service.sql<{ id: string }[]>`
    insert into persons (federation_id, first_name, last_name, first_name_key, last_name_key, birth_date, gender, current_club_id)
    values (${federationId}, ${first}, ${last}, ${nameKey(first)}, ${nameKey(last)}, ${fields.birth_date ?? '2011-05-20'},
      ${fields.gender ?? 'female'}, ${fields.current_club_id ?? null})
    returning id`;
  return row!.id;
}

/** Many persons of one federation in one statement (EXPLAIN tests). */
export async function createPersons(service: Service, federationId: string, count: number): Promise<void> {
  await service.sql`
    insert into persons (federation_id, first_name, last_name, first_name_key, last_name_key, birth_date, gender)
    select ${federationId}, 'First' || i, 'Last' || i, 'first' || i, 'last' || i, date '2000-01-01' + (i % 5000), 'male'
    from generate_series(1, ${count}) as i`;
  await service.sql`analyze persons`;
}

/** The federation's open season, created when it has none (there is at most one). */
export async function openSeasonOf(service: Service, federationId: string): Promise<string> {
  const [open] = await service.sql<{ id: string }[]>`select id from seasons where federation_id = ${federationId} and status = 'open'`;
  return open?.id ?? createSeason(service, federationId);
}

export interface LicenseFields {
  member_id?: string; season_id?: string; category_id?: string; status?: LicenseState; person_id?: string;
}

/** A license of `clubId` in any state; approved and suspended ones carry a number and a person. */
export async function createLicense(service: Service, clubId: string, fields: LicenseFields = {}): Promise<string> {
  const [club] = await service.sql<{ federation_id: string }[]>`select federation_id from workspaces where id = ${clubId}`;
  const federationId = club!.federation_id;
  const memberId = fields.member_id ?? (await createMember(service, { id: clubId } as Tenant));
  const seasonId = fields.season_id ?? (await openSeasonOf(service, federationId));
  const categoryId = fields.category_id ?? (await createCategory(service, federationId, { code: `C${tag()}`.toUpperCase() }));
  const status = fields.status ?? 'requested';
  const decided = status === 'approved' || status === 'suspended';
  const personId = fields.person_id ?? (decided ? await createPerson(service, federationId, { current_club_id: clubId }) : null);
  if (personId) await service.sql`update members set person_id = ${personId} where id = ${memberId}`;
  const [row] = await service.sql<{ id: string }[]>`
    insert into licenses (federation_id, club_id, member_id, person_id, season_id, category_id, category_code, number, status,
      decided_at, reason, valid_from, valid_until)
    select ${federationId}, ${clubId}, ${memberId}, ${personId}, ${seasonId}, c.id, c.code,
      ${decided ? `T-${tag()}` : null}, ${status}, ${status === 'requested' || status === 'withdrawn' ? null : new Date()},
      ${status === 'rejected' || status === 'suspended' ? 'test' : null},
      case when ${decided} then s.starts_on end, case when ${decided} then s.ends_on end
    from license_categories c, seasons s where c.id = ${categoryId} and s.id = ${seasonId}
    returning id`;
  return row!.id;
}

export async function licenseNumberOf(service: Service, licenseId: string): Promise<string> {
  const [row] = await service.sql<{ number: string }[]>`select number from licenses where id = ${licenseId}`;
  return row!.number;
}

/** A transfer of an approved license of `fromClubId` to `toClubId`, in any state. */
export async function createTransfer(service: Service, fromClubId: string, toClubId: string, status: TransferState = 'requested'): Promise<string> {
  const licenseId = await createLicense(service, fromClubId, { status: 'approved' });
  const [row] = await service.sql<{ id: string }[]>`
    insert into transfers (federation_id, person_id, license_id, license_number, from_club_id, to_club_id, season_id, status,
      released_at, decided_at)
    select federation_id, person_id, id, number, club_id, ${toClubId}, season_id, ${status},
      ${status === 'requested' ? null : new Date()}, ${['approved', 'rejected'].includes(status) ? new Date() : null}
    from licenses where id = ${licenseId}
    returning id`;
  return row!.id;
}

export async function setClubStatus(service: Service, clubId: string, status: 'active' | 'suspended'): Promise<void> {
  await service.sql`update workspaces set status = ${status} where id = ${clubId}`;
}

/** What the console's commercial side sets on a workspace: none of it may change a grant. */
export interface Commercials { package: string | null; subscription_status: string; modules: string[]; flags: Record<string, string>; status?: 'active' | 'suspended' }

export async function setCommercials(service: Service, workspaceId: string, c: Commercials): Promise<void> {
  const { sql } = service;
  await sql`update workspaces set package = ${c.package}, subscription_status = ${c.subscription_status}, modules = ${c.modules},
    flags = ${sql.json(c.flags)}, status = ${c.status ?? 'active'} where id = ${workspaceId}`;
}

/** A second credential of `keyId`'s workspace under a key id the test chose, with the same sealed secret. */
export async function copyCredential(service: Pick<Service, 'sql'>, keyId: string, chosenKeyId: string, label: string): Promise<void> {
  await service.sql`
    insert into credentials (key_id, workspace_id, issuer_id, label, algorithm, scopes, secret_sealed)
    select ${chosenKeyId}, workspace_id, issuer_id, ${label}, algorithm, scopes, secret_sealed
    from credentials where key_id = ${keyId}`;
}

/** A credential whose expiry has just passed. */
export async function expireCredential(service: Service, keyId: string): Promise<void> {
  await service.sql`update credentials set expires_at = now() - interval '1 second' where key_id = ${keyId}`;
}

/** An Idempotency-Key record made `hours` ago. */
export async function ageIdempotencyKey(service: Service, key: string, hours: number): Promise<void> {
  await service.sql`update idempotency_keys set created_at = now() - make_interval(hours => ${hours}) where key = ${key}`;
}

/** A club for a federation actor; the club itself for a club actor. */
const clubOf = (service: Service, actor: Tenant) => (actor.kind === 'club' ? Promise.resolve(actor.id) : createClubWorkspace(service, actor.id));

inState.club = (service, federation, state) => createClubWorkspace(service, federation.id, state as 'active' | 'suspended');
inState.license = async (service, actor, state) => createLicense(service, await clubOf(service, actor), { status: state as LicenseState });
// A club releases what leaves it and cancels what it asked for: the actor is the party the action needs.
inState.transfer = async (service, actor, state, action) => {
  const other = await createClubWorkspace(service, actor.federationId);
  const own = await clubOf(service, actor);
  return action === 'release' ? createTransfer(service, own, other, state as TransferState) : createTransfer(service, other, own, state as TransferState);
};

ownedIds.club_id = (service, owner) => clubOf(service, owner);
ownedIds.season_id = (service, owner) => createSeason(service, owner.federationId);
ownedIds.person_id = (service, owner) => createPerson(service, owner.federationId);
ownedIds.license_id = async (service, owner) => createLicense(service, await clubOf(service, owner));
ownedIds.transfer_id = async (service, owner) =>
  createTransfer(service, await clubOf(service, owner), await createClubWorkspace(service, owner.federationId));

inState.sanction = async (service, federation, state) =>
  createSanction(service, federation.id, { person: await createPerson(service, federation.id) }, { status: state as SanctionFields['status'] });
ownedIds.sanction_id = async (service, owner) => createSanction(service, owner.federationId, { person: await createPerson(service, owner.federationId) });

// Billing: membership plans, invoices in any state, the invoice numbering.
export interface PlanFields { name?: string; season_id?: string; amount?: number; currency?: string; status?: 'active' | 'retired' }

/** A membership plan of the club, through the API (retired through its PATCH). */
export async function createPlan(service: Service, club: Tenant, fields: PlanFields = {}): Promise<string> {
  const season = fields.season_id ?? (await createSeason(service, club.federationId, 'planned'));
  const res = await club.call('POST', '/v1/club/membership-plans', {
    name: fields.name ?? 'Senior membership', season_id: season, amount: fields.amount ?? 18000, currency: fields.currency ?? 'EUR',
  });
  if (res.status !== 201) throw new Error(`createPlan: ${res.status} ${JSON.stringify(res.body)}`);
  if (fields.status === 'retired') await club.call('PATCH', `/v1/club/membership-plans/${res.body.data.id}`, { status: 'retired' });
  return res.body.data.id;
}

export interface InvoiceFields { member_id?: string; plan_id?: string; amount?: number; currency?: string; status?: 'open' | 'paid' | 'void' }

/** An invoice of the club through the API, in any state: paid by one payment of its amount, or voided. */
export async function createInvoice(service: Service, club: Tenant, fields: InvoiceFields = {}): Promise<string> {
  const member = fields.member_id ?? (await createMember(service, club));
  const body = fields.plan_id
    ? { member_id: member, plan_id: fields.plan_id }
    : { member_id: member, lines: [{ description: 'Membership', amount: fields.amount ?? 1000 }], currency: fields.currency ?? 'EUR' };
  const res = await club.call('POST', '/v1/club/invoices', body);
  if (res.status !== 201) throw new Error(`createInvoice: ${res.status} ${JSON.stringify(res.body)}`);
  const { id, amount } = res.body.data;
  if (fields.status === 'paid') await club.call('POST', `/v1/club/invoices/${id}/payments`, { amount, method: 'cash' });
  if (fields.status === 'void') await club.call('POST', `/v1/club/invoices/${id}/void`, {});
  return id;
}

/** Many invoices (one in four void) of one member of the club, with their lines, in a few statements (EXPLAIN tests). */
export async function createInvoices(service: Service, club: Tenant, count: number): Promise<void> {
  const member = await createMember(service, club);
  await service.sql`
    insert into invoices (federation_id, club_id, number, member_id, amount, currency, status, issued_on)
    select ${club.federationId}, ${club.id}, '2026-' || lpad(i::text, 6, '0'), ${member}, 1000, 'EUR',
      case when i % 4 = 0 then 'void' else 'open' end, date '2026-01-01'
    from generate_series(1, ${count}) as i`;
  await service.sql`
    insert into invoice_lines (invoice_id, position, federation_id, description, amount)
    select id, 1, federation_id, 'Membership', amount from invoices where club_id = ${club.id}`;
  await service.sql`
    insert into invoice_counters (club_id, year, federation_id, last_number) values (${club.id}, 2026, ${club.federationId}, ${count})`;
  await service.sql`analyze invoices`;
  await service.sql`analyze invoice_lines`;
}

/**
 * Draws the club's next invoice number for the day `issuedOn` with the service's own numbering
 * function, in a transaction of its own that commits, or rolls back after holding the counter a moment.
 */
export async function drawNumber(service: Service, club: Tenant, issuedOn: string, outcome: 'commit' | 'rollback' = 'commit'): Promise<string> {
  let drawn = '';
  const workspace = { id: club.id, kind: 'club' as const, federationId: club.federationId };
  await service.sql.begin(async (tx) => {
    drawn = await drawInvoiceNumber({ sql: tx, workspace, record: () => {} }, issuedOn);
    if (outcome === 'rollback') {
      await tx`select pg_sleep(0.02)`;
      throw new RolledBack();
    }
  }).catch((error: unknown) => {
    if (!(error instanceof RolledBack)) throw error;
  });
  return drawn;
}
class RolledBack extends Error {}

/** Where the club's numbering for `year` stands, as if `last` invoices had been issued. */
export async function setInvoiceCounter(service: Service, club: Tenant, year: number, last: number): Promise<void> {
  await service.sql`
    insert into invoice_counters (club_id, year, federation_id, last_number) values (${club.id}, ${year}, ${club.federationId}, ${last})
    on conflict (club_id, year) do update set last_number = excluded.last_number`;
}

inState.invoice = (service, club, state) => createInvoice(service, club, { status: state as 'open' | 'paid' | 'void' });

ownedIds.plan_id = (service, owner) => createPlan(service, owner);
ownedIds.invoice_id = (service, owner) => createInvoice(service, owner);

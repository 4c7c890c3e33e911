// Competitions with their entries and matches, officials, and the volume of the EXPLAIN tests.
import type { Service } from '../harness.js';
import type { Area } from './area.js';
import { createSeason, openSeasonOf } from './seasons.js';
import { createTeam } from './teams.js';
import { clubTenantOf, newClub, type Tenant } from './workspaces.js';

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

/**
 * A closed competition of accepted entries, one per team given, in that order: what the
 * federation generates fixtures for. Answers the competition and its entries' ids.
 */
export async function createClosedCompetition(service: Service, federation: Tenant, teams: { club: Tenant; name: string }[], fields: CompetitionFields = {}) {
  const id = await createCompetition(service, federation.id, { ...fields, status: 'closed' });
  const entries: string[] = [];
  for (const team of teams) entries.push(await createEntry(service, team.club, id, { status: 'accepted', team_name: team.name }));
  return { id, entries };
}

/** The federation generates the competition's fixtures through the API (it is then scheduled). */
export async function generateFixtures(federation: Tenant, competitionId: string,
  fixtures: { first_round_on?: string; days_between_rounds?: number; kickoff_time?: string } = {}): Promise<void> {
  const res = await federation.call('POST', `/v1/federation/competitions/${competitionId}/fixtures`, fixtures);
  if (res.status !== 200) throw new Error(`fixtures: ${res.status} ${JSON.stringify(res.body)}`);
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
    insert into teams (federation_id, club_id, name, season_id, category, gender)
    select ${federationId}, c, 'Team', ${season}, 'SEN', 'mixed' from unnest(${clubIds}::bigint[]) c returning id, club_id`;
  const competitionIds = (await sql<{ id: string }[]>`
    insert into competitions (federation_id, name, season_id, status, starts_on)
    select ${federationId}, 'Volume ' || i, ${season}, 'scheduled', '2030-01-01' from generate_series(1, ${competitions}) i returning id`).map((r) => r.id);
  await sql`
    insert into entries (federation_id, competition_id, club_id, team_id, team_name, status)
    select ${federationId}, c, t.club_id, t.id, 'Team', 'accepted' from unnest(${competitionIds}::bigint[]) c, teams t
    where t.id = any(${teams.map((t) => t.id)}::bigint[])`;
  // Each competition's entries as arrays in club order, so that match g picks its two sides by
  // position: a join on computed keys was planned as a nested loop, 100 000 × 10 000 rows.
  await sql`
    with e as (select competition_id, array_agg(id order by club_id) as entry_ids,
                 array_agg(club_id order by club_id) as club_ids, array_agg(team_id order by club_id) as team_ids
               from entries where competition_id = any(${competitionIds}::bigint[]) group by competition_id),
    m as (select g, e.*, 1 + g % ${clubs} as h, 1 + (g + 1) % ${clubs} as a from generate_series(0, ${count - 1}) g
          join e on e.competition_id = (${competitionIds}::bigint[])[1 + (g / ${clubs}) % ${competitions}])
    insert into matches (federation_id, competition_id, round, leg, home_entry_id, home_club_id, home_team_id, home_team_name,
      away_entry_id, away_club_id, away_team_id, away_team_name, scheduled_at)
    select ${federationId}, competition_id, 1 + (g / ${clubs * competitions}) % 50, 1, entry_ids[h], club_ids[h], team_ids[h], 'Team',
      entry_ids[a], club_ids[a], team_ids[a], 'Team', timestamptz '2030-01-01T00:00:00Z' + g * interval '30 minutes'
    from m`;
  await sql`analyze matches`;
  return { clubIds, competitionIds };
}

export const competitions: Area = {
  inState: {
    competition: (service, federation, state) => createCompetition(service, federation.federationId, { status: state as CompetitionFields['status'] }),
    entry: async (service, actor, state) => {
      const club = await clubTenantOf(service, actor);
      const competition = await createCompetition(service, actor.federationId, { status: 'open' });
      return createEntry(service, club, competition, { status: state as 'pending' });
    },
    match: async (service, actor, state) =>
      createMatch(service, await clubTenantOf(service, actor), undefined, { status: state as MatchFields['status'] }),
  },
  ownedIds: {
    competition_id: (service, owner) => createCompetition(service, owner.federationId, { status: 'open' }),
    entry_id: async (service, owner) =>
      createEntry(service, await clubTenantOf(service, owner), await createCompetition(service, owner.federationId, { status: 'open' })),
    match_id: async (service, owner) => createMatch(service, await clubTenantOf(service, owner)),
    official_id: (service, owner) => createOfficial(service, owner.federationId),
  },
};

// Reads and checks the team operations and the roster operations share.
import type { Sql, TransactionSql } from 'postgres';
import { ApiError, ruleViolation } from '../../../errors.js';

type Db = Sql | TransactionSql;

export interface TeamRow {
  id: string;
  name: string;
  season_id: string;
  category: string;
  gender: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  version: number;
}

export interface RosterRow {
  member_id: string;
  role: string;
  shirt_number: number | null;
  added_at: Date;
}

/** The club's team (locked for the write when `lock`), else 404. */
export async function findTeam(sql: Db, clubId: string, teamId: string, lock = false): Promise<TeamRow> {
  const [team] = await sql<TeamRow[]>`
    select id, name, season_id, category, gender, status, created_at, updated_at, version
    from teams where id = ${teamId} and club_id = ${clubId} ${lock ? sql`for update` : sql``}`;
  if (!team) throw new ApiError('not_found', 'no such team');
  return team;
}

export async function bumpTeam(sql: Db, clubId: string, teamId: string): Promise<number> {
  const [row] = await sql<{ version: number }[]>`
    update teams set version = version + 1, updated_at = now()
    where id = ${teamId} and club_id = ${clubId} returning version`;
  if (!row) throw new ApiError('not_found', 'no such team');
  return row.version;
}

export async function rosterOf(sql: Db, teamId: string): Promise<RosterRow[]> {
  return sql<RosterRow[]>`
    select member_id, role, shirt_number, added_at from roster_entries
    where team_id = ${teamId} order by member_id`;
}

/** A team's season must be one of the club's federation (else it is not visible) and not closed. */
export async function checkSeason(sql: Db, federationId: string, seasonId: string): Promise<void> {
  const [season] = await sql<{ status: string }[]>`
    select status from seasons where id = ${seasonId} and federation_id = ${federationId}`;
  if (!season) {
    throw new ApiError('validation_failed', 'invalid /season_id', { errors: [{ path: '/season_id', message: 'no such season in the federation' }] });
  }
  if (season.status === 'closed') throw ruleViolation('season_closed', 'the season is closed');
}

export function teamOut(team: TeamRow, roster: RosterRow[]) {
  return {
    id: team.id, name: team.name, season_id: team.season_id, category: team.category, gender: team.gender,
    status: team.status, roster, created_at: team.created_at, updated_at: team.updated_at, version: team.version,
  };
}

export async function teamWithRoster(sql: Db, clubId: string, teamId: string) {
  const team = await findTeam(sql, clubId, teamId);
  return { team, data: teamOut(team, await rosterOf(sql, teamId)) };
}

// Club teams with their rosters. A roster row has no version of its own: changing it changes the team.
import * as v from 'valibot';
import { notFound, ruleViolation } from '../errors.js';
import type { Workspace } from '../workspace.js';
import { seasons } from './seasons.js';
import { defineStore, type Versioned } from './store.js';
import type { Db, Unit } from './unit.js';
import { columnsOf, out, resourceMeta, type RowOf } from './fields.js';

export const teamGenders = ['female', 'male', 'mixed'] as const;
export const teamStatuses = ['active', 'archived'] as const;
export const rosterRoles = ['player', 'coach', 'assistant_coach', 'manager', 'medic'] as const;

/** A team as the API answers it (alone with its roster, in a list with the roster's size). */
export const teamFields = {
  ...resourceMeta,
  name: v.string(),
  season_id: v.string(),
  category: v.string(),
  gender: v.picklist(teamGenders),
  status: v.picklist(teamStatuses),
};
export type TeamRow = RowOf<typeof teamFields>;

/** A place on a team's roster as the API answers it. */
export const rosterEntryFields = {
  member_id: v.string(),
  role: v.picklist(rosterRoles),
  shirt_number: v.nullable(out.integer),
  added_at: out.instant,
};
type RosterEntry = RowOf<typeof rosterEntryFields>;

export const teams = defineStore<TeamRow>({
  type: 'team',
  table: 'teams',
  columns: columnsOf(teamFields),
  visible: (sql, ws) => (ws.kind === 'club' ? sql`club_id = ${ws.id}` : sql`false`),
  audience: (_row, ws) => ({ workspaces: [ws.id] }),
});

async function rosterOf(db: Db, ws: Workspace, teamId: string): Promise<RosterEntry[]> {
  return db<RosterEntry[]>`
    select ${db(columnsOf(rosterEntryFields))} from roster_entries
    where federation_id = ${ws.federationId} and team_id = ${teamId} order by member_id`;
}

/** What a roster write answers: the team after it, and whether the entry is new. */
interface RosterWrite { team: TeamRow; created: boolean }

/**
 * A team's roster entries. They have no version of their own: each write bumps the team's and
 * records the team's change, as a store command does.
 */
export const rosters = {
  /** Adds the member, or changes their role or shirt number; the same entry again changes nothing. */
  async put(unit: Unit, team: TeamRow, member: Versioned, role: RosterEntry['role'], shirt: number | null): Promise<RosterWrite> {
    const { sql } = unit;
    const [entry] = await sql<Pick<RosterEntry, 'role' | 'shirt_number'>[]>`
      select role, shirt_number from roster_entries
      where federation_id = ${unit.workspace.federationId} and team_id = ${team.id} and member_id = ${member.id}`;
    if (entry && entry.role === role && entry.shirt_number === shirt) return { team, created: false };
    await sql`
      insert into roster_entries (federation_id, team_id, member_id, role, shirt_number)
      values (${unit.workspace.federationId}, ${team.id}, ${member.id}, ${role}, ${shirt})
      on conflict (federation_id, team_id, member_id) do update set role = excluded.role, shirt_number = excluded.shirt_number, updated_at = now()`;
    return { team: await teams.update(unit, team), created: entry === undefined };
  },
  /** Takes the member off the roster: 404 when they are not on it. */
  async remove(unit: Unit, team: TeamRow, memberId: string): Promise<TeamRow> {
    const removed = await unit.sql`delete from roster_entries
      where federation_id = ${unit.workspace.federationId} and team_id = ${team.id} and member_id = ${memberId} returning member_id`;
    if (removed.length === 0) throw notFound('the member is not on the team\'s roster');
    return teams.update(unit, team);
  },
};

/** The team as `get` serves it: with its roster. */
export async function withRoster(db: Db, ws: Workspace, team: TeamRow) {
  return { ...team, roster: await rosterOf(db, ws, team.id) };
}

/** A team's season: one of the club's federation (else 422 naming the field) and not closed. */
export async function expectSeasonOpenForTeams(db: Db, ws: Workspace, seasonId: string): Promise<void> {
  const season = await seasons.referenced(db, ws, seasonId, '/season_id');
  if (season.status === 'closed') throw ruleViolation('season_closed', `season ${season.id} is closed`);
}

/** A team entered in a competition, whatever became of the entry, stays: its matches name it. */
export async function hasEntries(db: Db, ws: Workspace, team: TeamRow): Promise<boolean> {
  const [row] = await db`select 1 from entries where federation_id = ${ws.federationId} and team_id = ${team.id} limit 1`;
  return row !== undefined;
}

// Club teams with their rosters. A roster row has no version of its own: changing it changes the team.
import { ruleViolation } from '../errors.js';
import type { Workspace } from '../workspace.js';
import { seasons } from './seasons.js';
import { defineStore, type Versioned } from './store.js';
import type { Db } from './unit.js';

export interface TeamRow extends Versioned {
  name: string;
  season_id: string;
  category: string;
  gender: 'female' | 'male' | 'mixed';
  status: 'active' | 'archived';
  created_at: Date;
  updated_at: Date;
}

export interface RosterEntry {
  member_id: string;
  role: string;
  shirt_number: number | null;
  added_at: Date;
}

export const teams = defineStore<TeamRow>({
  type: 'team',
  table: 'teams',
  columns: ['id', 'name', 'season_id', 'category', 'gender', 'status', 'created_at', 'updated_at', 'version'],
  visible: (sql, ws) => (ws.kind === 'club' ? sql`club_id = ${ws.id}` : sql`false`),
  audience: (_row, ws) => ({ workspaces: [ws.id] }),
});

export async function rosterOf(db: Db, teamId: string): Promise<RosterEntry[]> {
  return db<RosterEntry[]>`
    select member_id, role, shirt_number, added_at from roster_entries where team_id = ${teamId} order by member_id`;
}

/** The team as `get` serves it: with its roster. */
export async function withRoster(db: Db, team: TeamRow) {
  return { ...team, roster: await rosterOf(db, team.id) };
}

/** A team's season: one of the club's federation (else 422 naming the field) and not closed. */
export async function expectSeasonOpenForTeams(db: Db, ws: Workspace, seasonId: string): Promise<void> {
  const season = await seasons.referenced(db, ws, seasonId, '/season_id');
  if (season.status === 'closed') throw ruleViolation('season_closed', `season ${season.id} is closed`);
}

/** A team entered in a competition, whatever became of the entry, stays: its matches name it. */
export async function hasEntries(db: Db, team: TeamRow): Promise<boolean> {
  const [row] = await db`select 1 from entries where team_id = ${team.id} limit 1`;
  return row !== undefined;
}

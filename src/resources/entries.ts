// A club's entry of one of its teams in a competition: the club and the federation see it.
import { ApiError } from '../errors.js';
import { defineMachine } from './machine.js';
import type { Side } from './standings.js';
import { defineStore, type Versioned } from './store.js';
import type { Db } from './unit.js';

export interface EntryRow extends Versioned {
  competition_id: string;
  club_id: string;
  team_id: string;
  team_name: string;
  status: (typeof entryMachine.states)[number];
  reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export const entries = defineStore<EntryRow>({
  type: 'entry',
  table: 'entries',
  columns: ['id', 'competition_id', 'club_id', 'team_id', 'team_name', 'status', 'reason',
    'created_at', 'updated_at', 'version'],
  visible: (sql, ws) => (ws.kind === 'club' ? sql`club_id = ${ws.id}` : sql`federation_id = ${ws.id}`),
  audience: (row, ws) => ({ workspaces: [row.club_id, ws.federationId] }),
});

export const entryMachine = defineMachine('entry', ['pending', 'accepted', 'rejected', 'withdrawn'], {
  accept: { from: ['pending'], to: 'accepted', done: 'accepted' },
  reject: { from: ['pending'], to: 'rejected', done: 'rejected' },
  withdraw: { from: ['pending', 'accepted'], to: 'withdrawn', done: 'withdrawn' },
});

/** The places taken in a competition: its pending and accepted entries. */
export async function placesTaken(db: Db, competitionId: string): Promise<number> {
  const [row] = await db<{ taken: number }[]>`
    select count(*)::int as taken from entries where competition_id = ${competitionId} and status in ('pending', 'accepted')`;
  return row!.taken;
}

/** Pending and accepted entries count towards max_entries (409 `conflict` when full). */
export async function expectRoom(db: Db, competition: { id: string; max_entries: number | null }): Promise<void> {
  if (competition.max_entries === null) return;
  const taken = await placesTaken(db, competition.id);
  if (taken >= competition.max_entries) {
    throw new ApiError('conflict', `competition ${competition.id} is full: ${taken} of ${competition.max_entries} entries`);
  }
}

/** The accepted entries in id order: the order the fixtures are drawn from and the table's rows. */
export async function acceptedSides(db: Db, competitionId: string): Promise<Side[]> {
  return db<Side[]>`
    select id as entry_id, club_id, team_id, team_name from entries
    where competition_id = ${competitionId} and status = 'accepted' order by id`;
}

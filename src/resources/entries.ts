// A club's entry of one of its teams in a competition: the club and the federation see it.
import * as v from 'valibot';
import { ApiError } from '../errors.js';
import { defineMachine } from './machine.js';
import type { Side } from './standings.js';
import { defineStore } from './store.js';
import type { Db } from './unit.js';
import type { Workspace } from '../workspace.js';
import { columnsOf, out, resourceMeta, type RowOf } from './fields.js';

export const entryMachine = defineMachine('entry', ['pending', 'accepted', 'rejected', 'withdrawn'], {
  accept: { from: ['pending'], to: 'accepted', done: 'accepted' },
  reject: { from: ['pending'], to: 'rejected', done: 'rejected' },
  withdraw: { from: ['pending', 'accepted'], to: 'withdrawn', done: 'withdrawn' },
});

/** An entry as the API answers it. */
export const entryFields = {
  ...resourceMeta,
  competition_id: out.id,
  club_id: out.id,
  team_id: out.id,
  team_name: v.pipe(v.string(), v.description('The team\'s name when it was entered.')),
  status: v.picklist(entryMachine.states),
  reason: v.pipe(v.nullable(v.string()), v.description('Why the entry was rejected.')),
};
export type EntryRow = RowOf<typeof entryFields>;

export const entries = defineStore<EntryRow>({
  type: 'entry',
  table: 'entries',
  columns: columnsOf(entryFields),
  visible: (sql, ws) => (ws.kind === 'club' ? sql`federation_id = ${ws.federationId} and club_id = ${ws.id}` : sql`federation_id = ${ws.id}`),
  audience: (row, ws) => ({ workspaces: [row.club_id, ws.federationId] }),
});

/** The places taken in a competition: its pending and accepted entries. */
export async function placesTaken(db: Db, ws: Workspace, competitionId: string): Promise<number> {
  const [row] = await db<{ taken: number }[]>`
    select count(*)::int as taken from entries
    where federation_id = ${ws.federationId} and competition_id = ${competitionId} and status in ('pending', 'accepted')`;
  return row!.taken;
}

/** Pending and accepted entries count towards max_entries (409 `conflict` when full). */
export async function expectRoom(db: Db, ws: Workspace, competition: { id: string; max_entries: number | null }): Promise<void> {
  if (competition.max_entries === null) return;
  const taken = await placesTaken(db, ws, competition.id);
  if (taken >= competition.max_entries) {
    throw new ApiError('conflict', `competition ${competition.id} is full: ${taken} of ${competition.max_entries} entries`);
  }
}

/** The accepted entries in id order: the order the fixtures are drawn from and the table's rows. */
export async function acceptedSides(db: Db, ws: Workspace, competitionId: string): Promise<Side[]> {
  return db<Side[]>`
    select id as entry_id, club_id, team_id, team_name from entries
    where federation_id = ${ws.federationId} and competition_id = ${competitionId} and status = 'accepted' order by id`;
}

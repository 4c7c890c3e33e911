// Clubs: a club reads and writes its own profile; its federation reads it and suspends it.
import * as v from 'valibot';
import { ruleViolation } from '../errors.js';
import type { Workspace } from '../workspace.js';
import { defineMachine } from './machine.js';
import { omit } from './rows.js';
import { defineStore } from './store.js';
import { todayUtc } from './calendar.js';
import type { Db, Unit } from './unit.js';
import { addressOut, columnsOf, out, resourceMeta, type RowOf } from './fields.js';

export const clubMachine = defineMachine('club', ['active', 'suspended'], {
  suspend: { from: ['active'], to: 'suspended', done: 'suspended' },
  reinstate: { from: ['suspended'], to: 'active', done: 'reinstated' },
});

/** A club's profile as the API answers it. */
export const clubFields = {
  ...resourceMeta,
  name: v.string(),
  short_name: v.nullable(v.string()),
  federation_id: v.string(),
  affiliation_number: v.string(),
  status: v.picklist(clubMachine.states),
  email: v.nullable(out.email),
  phone: v.nullable(v.string()),
  website: v.nullable(out.url),
  address: v.nullable(addressOut),
  founded_year: v.nullable(out.integer),
};
export type ClubRow = RowOf<typeof clubFields>;

export const clubs = defineStore<ClubRow>({
  type: 'club',
  table: 'workspaces',
  columns: columnsOf(clubFields),
  visible: (sql, ws) => (ws.kind === 'club' ? sql`id = ${ws.id} and kind = 'club'` : sql`federation_id = ${ws.id} and kind = 'club'`),
  // The federation reads club profiles too (federation.clubs.get), so both feeds hear of a change.
  audience: (row) => ({ workspaces: [row.id, row.federation_id] }),
});

/** A club's own requests (licenses, transfers) need it active (422 `club_suspended`). */
export async function expectClubActive(db: Db, ws: Workspace): Promise<void> {
  const club = await clubs.get(db, ws, ws.id);
  if (club.status !== 'active') throw ruleViolation('club_suspended', `club ${club.id} is suspended by its federation`);
}

/**
 * The club's side of a write its federation makes (approving a license or a transfer): the
 * club's rows change in the club's feed, and the club's visibility rules find them.
 */
export function clubUnit(unit: Unit, clubId: string): Unit {
  const workspace: Workspace = { id: clubId, kind: 'club', federationId: unit.workspace.federationId };
  return { ...unit, workspace };
}

interface ClubCounts { members_licensed: number; teams: number }

/**
 * The federation's figures for each club (federation.clubs.*): one query for a page of clubs.
 * Members licensed today are read from the counts the licenses' writers keep (sql/00018, sql/00025), a row per
 * club and expiry date, not from the club's licenses.
 */
export async function withCounts<C extends ClubRow>(db: Db, ws: Workspace, rows: C[]): Promise<(C & { counts: ClubCounts })[]> {
  if (rows.length === 0) return [];
  const counts = await db<({ id: string } & ClubCounts)[]>`
    select c.id,
      (select coalesce(sum(n.members), 0)::int from club_licensed_members n
        where n.federation_id = ${ws.federationId} and n.club_id = c.id and n.valid_until >= ${todayUtc()}) as members_licensed,
      (select count(*)::int from teams t
        where t.federation_id = ${ws.federationId} and t.club_id = c.id and t.status = 'active') as teams
    from unnest(${rows.map((r) => r.id)}::bigint[]) as c(id)`;
  const byId = new Map(counts.map((c) => [c.id, omit(c, ['id'])]));
  return rows.map((row) => ({ ...row, counts: byId.get(row.id)! }));
}

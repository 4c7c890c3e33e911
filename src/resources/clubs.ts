// Clubs: a club reads and writes its own profile; its federation reads it and suspends it.
import { ruleViolation } from '../errors.js';
import type { Workspace } from '../workspace.js';
import { defineMachine } from './machine.js';
import { defineStore, type Versioned } from './store.js';
import type { Address } from './members.js';
import type { Db, Unit } from './unit.js';

export interface ClubRow extends Versioned {
  name: string;
  short_name: string | null;
  federation_id: string;
  affiliation_number: string;
  status: 'active' | 'suspended';
  email: string | null;
  phone: string | null;
  website: string | null;
  address: Address | null;
  founded_year: number | null;
  created_at: Date;
  updated_at: Date;
}

export const clubs = defineStore<ClubRow>({
  type: 'club',
  table: 'workspaces',
  owner: 'club',
  columns: ['id', 'name', 'short_name', 'federation_id', 'affiliation_number', 'status', 'email', 'phone', 'website',
    'address', 'founded_year', 'created_at', 'updated_at', 'version'],
  visible: (sql, ws) => (ws.kind === 'club' ? sql`id = ${ws.id} and kind = 'club'` : sql`federation_id = ${ws.id} and kind = 'club'`),
  // The federation reads club profiles too (federation.clubs.get), so both feeds hear of a change.
  audience: (row) => ({ workspaces: [row.id, row.federation_id] }),
});

export const clubStates = defineMachine('club', ['active', 'suspended'], {
  suspend: { from: ['active'], to: 'suspended', done: 'suspended' },
  reinstate: { from: ['suspended'], to: 'active', done: 'reinstated' },
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

// Clubs: a club reads and writes its own profile; its federation reads it and suspends it.
import { defineMachine } from './machine.js';
import { defineStore, type Versioned } from './store.js';
import type { Address } from './members.js';

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

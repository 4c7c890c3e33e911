// Transfers of a license from one club to another of the same federation. Both clubs and the
// federation see a transfer; each club may take only its own steps.
import { ApiError } from '../errors.js';
import type { Workspace } from '../workspace.js';
import { defineMachine } from './machine.js';
import { defineStore, type Versioned } from './store.js';

export interface TransferRow extends Versioned {
  person_id: string;
  license_id: string;
  license_number: string;
  from_club_id: string;
  to_club_id: string;
  season_id: string;
  status: 'requested' | 'released' | 'approved' | 'rejected' | 'cancelled';
  requested_at: Date;
  released_at: Date | null;
  decided_at: Date | null;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export const transferColumns = ['id', 'person_id', 'license_id', 'license_number', 'from_club_id', 'to_club_id',
  'season_id', 'status', 'requested_at', 'released_at', 'decided_at', 'reason', 'created_at', 'updated_at', 'version'] as const;

export const transfers = defineStore<TransferRow>({
  type: 'transfer',
  table: 'transfers',
  owner: 'club',
  columns: transferColumns,
  visible: (sql, ws) => (ws.kind === 'club'
    ? sql`(from_club_id = ${ws.id} or to_club_id = ${ws.id})`
    : sql`federation_id = ${ws.id}`),
  audience: (row, ws) => ({ workspaces: [row.from_club_id, row.to_club_id, ws.federationId] }),
});

export const transferStates = defineMachine('transfer', ['requested', 'released', 'approved', 'rejected', 'cancelled'], {
  release: { from: ['requested'], to: 'released', done: 'released' },
  cancel: { from: ['requested', 'released'], to: 'cancelled', done: 'cancelled' },
  approve: { from: ['released'], to: 'approved', done: 'approved' },
  reject: { from: ['requested', 'released'], to: 'rejected', done: 'rejected' },
});

/** Only the club the player leaves releases (403 `action_not_permitted` for the other party). */
export function expectOrigin(ws: Workspace, transfer: TransferRow): void {
  if (transfer.from_club_id !== ws.id) {
    throw new ApiError('action_not_permitted', `only the origin club ${transfer.from_club_id} may release transfer ${transfer.id}`);
  }
}

/** Only the club that asked for the player cancels. */
export function expectDestination(ws: Workspace, transfer: TransferRow): void {
  if (transfer.to_club_id !== ws.id) {
    throw new ApiError('action_not_permitted', `only the destination club ${transfer.to_club_id} may cancel transfer ${transfer.id}`);
  }
}

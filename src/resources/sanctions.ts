// Sanctions the federation imposes on a person or a club of its own. `expired` is derived, never
// stored: an active sanction whose ends_on has passed.
import type { Fragment } from 'postgres';
import { todayUtc } from './calendar.js';
import { expectState, defineMachine } from './machine.js';
import { defineStore, type Versioned } from './store.js';
import type { Db } from './unit.js';

export const subjectTypes = ['person', 'club'] as const;
export const sanctionKinds = ['warning', 'fine', 'suspension'] as const;

export interface SanctionRow extends Versioned {
  subject_type: (typeof subjectTypes)[number];
  person_id: string | null;
  club_id: string | null;
  kind: (typeof sanctionKinds)[number];
  reason: string;
  starts_on: string;
  ends_on: string | null;
  amount: number | null;
  currency: string | null;
  status: (typeof sanctionMachine.states)[number];
  lifted_at: Date | null;
  lift_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export const sanctions = defineStore<SanctionRow>({
  type: 'sanction',
  table: 'sanctions',
  columns: ['id', 'subject_type', 'person_id', 'club_id', 'kind', 'reason', 'starts_on', 'ends_on', 'amount', 'currency',
    'status', 'lifted_at', 'lift_reason', 'created_at', 'updated_at', 'version'],
  visible: (sql, ws) => (ws.kind === 'federation' ? sql`federation_id = ${ws.id}` : sql`false`),
  audience: (_row, ws) => ({ workspaces: [ws.federationId] }),
});

export const sanctionMachine = defineMachine('sanction', ['active', 'lifted', 'expired'], {
  lift: { from: ['active'], to: 'lifted', done: 'lifted' },
}, { derived: ['expired'] });

/** The status as the API shows it: an active sanction past its ends_on has expired. */
export function withStatus<R extends SanctionRow>(row: R, today = todayUtc()): R {
  return row.status === 'active' && row.ends_on !== null && row.ends_on < today ? { ...row, status: 'expired' } : row;
}

/** Only a sanction still running can be lifted: an expired one is 409 like a lifted one. */
export function expectRunning(row: SanctionRow): void {
  expectState('sanction', withStatus(row), ['active'], 'lifted');
}

/** The list's `status` filter over the stored columns. */
export function statusIs(sql: Db, status: SanctionRow['status'], today: string): Fragment {
  if (status === 'lifted') return sql`status = 'lifted'`;
  return status === 'expired'
    ? sql`status = 'active' and ends_on < ${today}`
    : sql`status = 'active' and (ends_on is null or ends_on >= ${today})`;
}

// Sanctions the federation imposes on a person or a club of its own. `expired` is derived, never
// stored: an active sanction whose ends_on has passed.
import * as v from 'valibot';
import type { Fragment } from 'postgres';
import { todayUtc } from './calendar.js';
import { expectState, defineMachine } from './machine.js';
import { defineStore } from './store.js';
import type { Db } from './unit.js';
import { columnsOf, out, resourceMeta, type RowOf } from './fields.js';

export const subjectTypes = ['person', 'club'] as const;
export const sanctionKinds = ['warning', 'fine', 'suspension'] as const;

export const sanctionMachine = defineMachine('sanction', ['active', 'lifted', 'expired'], {
  lift: { from: ['active'], to: 'lifted', done: 'lifted' },
}, { derived: ['expired'] });

/** A sanction as the API answers it. */
export const sanctionFields = {
  ...resourceMeta,
  subject_type: v.picklist(subjectTypes),
  person_id: v.nullable(out.id),
  club_id: v.nullable(out.id),
  kind: v.picklist(sanctionKinds),
  reason: v.string(),
  starts_on: out.date,
  ends_on: v.nullable(out.date),
  amount: v.pipe(v.nullable(out.integer), v.description('A fine, in minor units of `currency`.')),
  currency: v.nullable(v.string()),
  status: v.pipe(v.picklist(sanctionMachine.states), v.description('`expired`: an active sanction whose ends_on has passed.')),
  lifted_at: v.nullable(out.instant),
  lift_reason: v.nullable(v.string()),
};
export type SanctionRow = RowOf<typeof sanctionFields>;

export const sanctions = defineStore<SanctionRow>({
  type: 'sanction',
  table: 'sanctions',
  columns: columnsOf(sanctionFields),
  visible: (sql, ws) => (ws.kind === 'federation' ? sql`federation_id = ${ws.id}` : sql`false`),
  audience: (_row, ws) => ({ workspaces: [ws.federationId] }),
});

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

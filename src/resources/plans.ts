// A club's membership plans: what a season's membership costs. Only the club sees them.
import * as v from 'valibot';
import { ruleViolation } from '../errors.js';
import { minorUnits } from './money.js';
import { defineStore } from './store.js';
import { columnsOf, money, out, resourceMeta, type RowOf } from './fields.js';

export const planStatuses = ['active', 'retired'] as const;

/** A plan as the API answers it (planView turns the stored amount into a number). */
export const planFields = {
  ...resourceMeta,
  name: v.string(),
  season_id: out.id,
  amount: money,
  currency: v.string(),
  description: v.nullable(v.string()),
  status: v.picklist(planStatuses),
};
export type PlanRow = RowOf<typeof planFields>;

export const plans = defineStore<PlanRow>({
  type: 'plan',
  table: 'membership_plans',
  columns: columnsOf(planFields),
  visible: (sql, ws) => (ws.kind === 'club' ? sql`club_id = ${ws.id}` : sql`false`),
  audience: (_row, ws) => ({ workspaces: [ws.id] }),
});

/** The plan as the API answers it: the amount as a JSON integer. */
export const planView = (row: PlanRow) => ({ ...row, amount: minorUnits(row.amount) });

/** A new invoice for a plan needs an active plan (422 `plan_retired`). */
export function expectActivePlan(plan: PlanRow): void {
  if (plan.status !== 'active') throw ruleViolation('plan_retired', `plan ${plan.id} is retired`);
}

// A club's membership plans: what a season's membership costs. Only the club sees them.
import { ruleViolation } from '../errors.js';
import { minorUnits } from './money.js';
import { defineStore, type Versioned } from './store.js';

export const planStatuses = ['active', 'retired'] as const;

export interface PlanRow extends Versioned {
  name: string;
  season_id: string;
  /** Minor units, as postgres.js reads a bigint: a decimal string. */
  amount: string;
  currency: string;
  description: string | null;
  status: (typeof planStatuses)[number];
  created_at: Date;
  updated_at: Date;
}

export const plans = defineStore<PlanRow>({
  type: 'plan',
  table: 'membership_plans',
  columns: [
    'id', 'name', 'season_id', 'amount', 'currency', 'description', 'status', 'created_at', 'updated_at', 'version',
  ],
  visible: (sql, ws) => (ws.kind === 'club' ? sql`club_id = ${ws.id}` : sql`false`),
  audience: (_row, ws) => ({ workspaces: [ws.id] }),
});

/** The plan as the API answers it: the amount as a JSON integer. */
export const planView = (row: PlanRow) => ({ ...row, amount: minorUnits(row.amount) });

/** A new invoice for a plan needs an active plan (422 `plan_retired`). */
export function expectActivePlan(plan: PlanRow): void {
  if (plan.status !== 'active') throw ruleViolation('plan_retired', `plan ${plan.id} is retired`);
}

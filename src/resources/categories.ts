// A federation's license categories: the federation creates them, its clubs read them and
// request licenses in them.
import * as v from 'valibot';
import { ruleViolation } from '../errors.js';
import { ageOn } from './calendar.js';
import { defineStore } from './store.js';
import { columnsOf, resourceMeta, type RowOf } from './fields.js';

export const categoryStatuses = ['active', 'retired'] as const;

/** A category as the API answers it. */
export const categoryFields = {
  ...resourceMeta,
  code: v.string(),
  name: v.string(),
  min_age: v.nullable(v.number()),
  max_age: v.nullable(v.number()),
  status: v.picklist(categoryStatuses),
};
export type CategoryRow = RowOf<typeof categoryFields>;

export const categories = defineStore<CategoryRow>({
  type: 'category',
  table: 'license_categories',
  columns: columnsOf(categoryFields),
  visible: (sql, ws) => sql`federation_id = ${ws.federationId}`,
  audience: (_row, ws) => ({ workspaces: [ws.federationId], clubsOf: ws.federationId }),
});

/** A license in `category` for someone born on `birthDate`: active, and the age on the season's start within its range. */
export function expectEligible(category: CategoryRow, birthDate: string, seasonStartsOn: string): void {
  if (category.status !== 'active') throw ruleViolation('not_eligible', `license category ${category.code} is retired`);
  const age = ageOn(birthDate, seasonStartsOn);
  const tooYoung = category.min_age !== null && age < category.min_age;
  const tooOld = category.max_age !== null && age > category.max_age;
  if (tooYoung || tooOld) {
    const range = `${category.min_age ?? 0}–${category.max_age ?? 'any'}`;
    throw ruleViolation('not_eligible', `the member is ${age} on ${seasonStartsOn}; category ${category.code} takes ages ${range}`);
  }
}

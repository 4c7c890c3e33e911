import * as v from 'valibot';
import { nothing } from '../../db/driver.js';
import { plans, planView, type PlanRow, planStatuses } from '../../resources/plans.js';
import { defineOperation } from '../operation.js';
import { afterCursor, page } from '../paging.js';
import { enumFilter, id, listQuery } from '../schemas.js';
import { planOut } from './schemas.js';

export default defineOperation({
  summary: 'The club\'s membership plans, by id',
  method: 'GET',
  path: '/v1/club/membership-plans',
  scope: 'club:billing:read',
  query: listQuery({
    status: enumFilter(planStatuses),
    season_id: v.optional(v.pipe(id, v.description('Plans of this season.'))),
  }),
  response: planOut,
  list: true,
  async handler(ctx) {
    const { db: sql, query: q } = ctx;
    const after = afterCursor(ctx, q)?.[0];
    const rows = await sql<PlanRow[]>`
      select ${plans.selection} from membership_plans
      where ${plans.scope(sql, ctx.workspace)}
        ${q.status ? sql`and status = ${q.status}` : nothing}
        ${q.season_id ? sql`and season_id = ${q.season_id}` : nothing}
        ${q.updated_since ? sql`and updated_at >= ${q.updated_since}::timestamptz` : nothing}
        ${after ? sql`and id > ${after}` : nothing}
      order by id limit ${q.limit + 1}`;
    return page(ctx, q, rows, (r) => [r.id], planView);
  },
});

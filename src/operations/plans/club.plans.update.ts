import { plans, planView } from '../../resources/plans.js';
import { seasons } from '../../resources/seasons.js';
import { defineOperation } from '../operation.js';
import { planOut, planPatchBody } from './schemas.js';

export default defineOperation({
  summary: 'Change a membership plan, or retire it (JSON merge patch)',
  method: 'PATCH',
  path: '/v1/club/membership-plans/{plan_id}',
  scope: 'club:billing:write',
  body: planPatchBody,
  response: planOut,
  lock: { store: plans, param: 'plan_id' },
  async handler(ctx) {
    const { body, locked: current } = ctx;
    if (Object.keys(body).length === 0) return { data: planView(current) };
    if (body.season_id !== undefined) await seasons.referenced(ctx.unit.sql, ctx.workspace, body.season_id, '/season_id');
    return { data: planView(await plans.update(ctx.unit, current, body)) };
  },
});

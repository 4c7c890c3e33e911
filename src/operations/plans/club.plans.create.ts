import { plans, planView } from '../../resources/plans.js';
import { seasons } from '../../resources/seasons.js';
import { defineOperation } from '../operation.js';
import { planCreateBody, planOut } from './schemas.js';

export default defineOperation({
  summary: 'Add a membership plan',
  method: 'POST',
  path: '/v1/club/membership-plans',
  scope: 'club:billing:write',
  body: planCreateBody,
  response: planOut,
  async handler(ctx) {
    const { body, workspace } = ctx;
    await seasons.referenced(ctx.unit.sql, workspace, body.season_id, '/season_id');
    const row = await plans.insert(ctx.unit, {
      federation_id: workspace.federationId, club_id: workspace.id, name: body.name, season_id: body.season_id,
      amount: body.amount, currency: body.currency, description: body.description ?? null,
    });
    return { status: 201, data: planView(row) };
  },
});

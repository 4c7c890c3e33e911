import { competitions, tableOf } from '../../resources/competitions.js';
import { defineOperation } from '../operation.js';
import { standingsOut } from './schemas.js';

export default defineOperation({
  summary: 'The table of a competition, from its played matches',
  method: 'GET',
  path: '/v1/federation/competitions/{competition_id}/standings',
  scope: 'federation:competitions:read',
  response: standingsOut,
  async handler(ctx) {
    const competition = await competitions.get(ctx.db, ctx.workspace, ctx.params.competition_id);
    return { data: { competition_id: competition.id, competition_status: competition.status, rows: await tableOf(ctx.db, ctx.workspace, competition) } };
  },
});

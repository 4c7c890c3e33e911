import { competitions } from '../../resources/competitions.js';
import { defineOperation } from '../operation.js';
import { competitionOut } from './schemas.js';

export default defineOperation({
  summary: 'One competition of the federation',
  method: 'GET',
  path: '/v1/federation/competitions/{competition_id}',
  scope: 'federation:competitions:read',
  response: competitionOut,
  async handler(ctx) {
    return { data: await competitions.get(ctx.db, ctx.workspace, ctx.params.competition_id) };
  },
});

import { teams, withRoster } from '../../resources/teams.js';
import { defineOperation } from '../operation.js';
import { teamOut } from './schemas.js';

export default defineOperation({
  summary: 'A team with its roster',
  method: 'GET',
  path: '/v1/club/teams/{team_id}',
  scope: 'club:teams:read',
  response: teamOut,
  async handler(ctx) {
    return { data: await withRoster(ctx.db, ctx.workspace, await teams.get(ctx.db, ctx.workspace, ctx.params.team_id)) };
  },
});

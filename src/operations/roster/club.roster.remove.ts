import { rosters, teams } from '../../resources/teams.js';
import { defineOperation } from '../operation.js';
import { deletedOut } from '../schemas.js';

export default defineOperation({
  summary: 'Take a member off a team\'s roster',
  method: 'DELETE',
  path: '/v1/club/teams/{team_id}/roster/{member_id}',
  scope: 'club:teams:write',
  response: deletedOut,
  lock: { store: teams, param: 'team_id' },
  async handler(ctx) {
    await rosters.remove(ctx.unit, ctx.locked, ctx.params.member_id);
    return { data: { id: ctx.params.member_id, deleted: true } };
  },
});

import { defineOperation } from '../../operation.js';
import { idParams } from '../../schemas.js';
import { teamOut } from './schemas.js';
import { teamWithRoster } from './store.js';

export const clubTeamsGet = defineOperation({
  id: 'club.teams.get',
  summary: 'A team with its roster',
  method: 'GET',
  path: '/v1/club/teams/{team_id}',
  kind: 'club',
  scope: 'club:teams:read',
  params: idParams('team_id'),
  response: teamOut,
  async handler(ctx) {
    const { team, data } = await teamWithRoster(ctx.sql, ctx.workspace.id, ctx.params.team_id);
    return { data, version: team.version };
  },
});

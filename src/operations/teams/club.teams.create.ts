import { expectSeasonOpenForTeams, teams } from '../../resources/teams.js';
import { defineOperation } from '../operation.js';
import { teamCreateBody, teamOut } from './schemas.js';

export default defineOperation({
  summary: 'Create a team for a season of the club\'s federation',
  method: 'POST',
  path: '/v1/club/teams',
  scope: 'club:teams:write',
  body: teamCreateBody,
  response: teamOut,
  reasons: ['season_closed'],
  async handler(ctx) {
    const { body } = ctx;
    await expectSeasonOpenForTeams(ctx.unit.sql, ctx.workspace, body.season_id);
    const team = await teams.insert(ctx.unit, { club_id: ctx.workspace.id, ...body });
    return { status: 201, data: { ...team, roster: [] }, location: `/v1/club/teams/${team.id}` };
  },
});

import { expectSeasonOpenForTeams, teams, withRoster } from '../../resources/teams.js';
import { defineOperation } from '../operation.js';
import { teamOut, teamPatchBody } from './schemas.js';

export default defineOperation({
  summary: 'Change a team (JSON merge patch)',
  method: 'PATCH',
  path: '/v1/club/teams/{team_id}',
  scope: 'club:teams:write',
  body: teamPatchBody,
  response: teamOut,
  lock: { store: teams, param: 'team_id' },
  reasons: ['season_closed'],
  async handler(ctx) {
    const { body, locked: current } = ctx;
    const keys = Object.keys(body);
    if (keys.length === 0) return { data: await withRoster(ctx.unit.sql, ctx.workspace, current) };
    // Archiving or restoring alone stays possible for the teams of a closed season.
    if (keys.some((k) => k !== 'status')) await expectSeasonOpenForTeams(ctx.unit.sql, ctx.workspace, body.season_id ?? current.season_id);
    return { data: await withRoster(ctx.unit.sql, ctx.workspace, await teams.update(ctx.unit, current, body)) };
  },
});

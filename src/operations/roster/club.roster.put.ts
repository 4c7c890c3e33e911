import { expectActive, members } from '../../resources/members.js';
import { rosters, teams, withRoster } from '../../resources/teams.js';
import { defineOperation } from '../operation.js';
import { rosterPutBody, teamOut } from '../teams/schemas.js';

export default defineOperation({
  summary: 'Add a member to a team\'s roster, or change their role or shirt number; answers the team',
  method: 'PUT',
  path: '/v1/club/teams/{team_id}/roster/{member_id}',
  scope: 'club:teams:write',
  body: rosterPutBody,
  response: teamOut,
  lock: { store: teams, param: 'team_id' },
  reasons: ['member_archived'],
  refusals: ['conflict'],
  async handler(ctx) {
    const { sql } = ctx.unit;
    const member = await members.get(sql, ctx.workspace, ctx.params.member_id);
    expectActive(member);
    const { team, created } = await rosters.put(ctx.unit, ctx.locked, member, ctx.body.role, ctx.body.shirt_number ?? null);
    const data = await withRoster(sql, ctx.workspace, team);
    return created ? { status: 201, data } : { data };
  },
});

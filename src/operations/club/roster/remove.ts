import * as v from 'valibot';
import { ApiError } from '../../../errors.js';
import { defineOperation } from '../../operation.js';
import { lockedVersion } from '../../versions.js';
import { idParams } from '../../schemas.js';
import { bumpTeam, findTeam } from '../teams/store.js';

export const clubRosterRemove = defineOperation({
  id: 'club.roster.remove',
  summary: 'Take a member off a team\'s roster',
  method: 'DELETE',
  path: '/v1/club/teams/{team_id}/roster/{member_id}',
  kind: 'club',
  scope: 'club:teams:write',
  params: idParams('team_id', 'member_id'),
  response: v.object({ id: v.string(), deleted: v.literal(true) }),
  currentVersion: (ctx) => lockedVersion(ctx.sql, 'teams', ctx.workspace.id, ctx.params.team_id),
  async handler(ctx) {
    const { sql } = ctx;
    const clubId = ctx.workspace.id;
    const { team_id: teamId, member_id: memberId } = ctx.params;
    await findTeam(sql, clubId, teamId, true);
    const removed = await sql`delete from roster_entries where team_id = ${teamId} and member_id = ${memberId} returning member_id`;
    if (removed.length === 0) throw new ApiError('not_found', 'the member is not on the team\'s roster');
    const version = await bumpTeam(sql, clubId, teamId);
    ctx.change({ resourceType: 'team', resourceId: teamId, action: 'updated', version });
    return { data: { id: memberId, deleted: true } };
  },
});

import { notFound } from '../../errors.js';
import { teams } from '../../resources/teams.js';
import { defineOperation } from '../operation.js';
import { deletedOut, idParams } from '../schemas.js';

export const clubRosterRemove = defineOperation({
  id: 'club.roster.remove',
  summary: 'Take a member off a team\'s roster',
  method: 'DELETE',
  path: '/v1/club/teams/{team_id}/roster/{member_id}',
  kind: 'club',
  scope: 'club:teams:write',
  params: idParams('team_id', 'member_id'),
  response: deletedOut,
  lock: { store: teams, param: 'team_id' },
  async handler(ctx) {
    const { sql } = ctx.unit;
    const team = ctx.locked;
    const memberId = ctx.params.member_id;
    const removed = await sql`delete from roster_entries where team_id = ${team.id} and member_id = ${memberId} returning member_id`;
    if (removed.length === 0) throw notFound('the member is not on the team\'s roster');
    await teams.update(ctx.unit, team);
    return { data: { id: memberId, deleted: true } };
  },
});

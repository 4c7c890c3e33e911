import { ApiError, ruleViolation } from '../../../errors.js';
import { defineOperation } from '../../operation.js';
import { lockedVersion } from '../../versions.js';
import { idParams } from '../../schemas.js';
import { rosterPutBody, teamOut } from '../teams/schemas.js';
import { bumpTeam, findTeam, teamWithRoster } from '../teams/store.js';

export const clubRosterPut = defineOperation({
  id: 'club.roster.put',
  summary: 'Add a member to a team\'s roster, or change their role or shirt number; answers the team',
  method: 'PUT',
  path: '/v1/club/teams/{team_id}/roster/{member_id}',
  kind: 'club',
  scope: 'club:teams:write',
  params: idParams('team_id', 'member_id'),
  body: rosterPutBody,
  response: teamOut,
  currentVersion: (ctx) => lockedVersion(ctx.sql, 'teams', ctx.workspace.id, ctx.params.team_id),
  async handler(ctx) {
    const { sql } = ctx;
    const clubId = ctx.workspace.id;
    const { team_id: teamId, member_id: memberId } = ctx.params;
    const role = ctx.body.role;
    const shirt = ctx.body.shirt_number ?? null;
    await findTeam(sql, clubId, teamId, true);
    const [member] = await sql<{ status: string }[]>`
      select status from members where id = ${memberId} and club_id = ${clubId}`;
    if (!member) throw new ApiError('not_found', 'no such member');
    if (member.status !== 'active') throw ruleViolation('member_archived', 'the member is archived');
    const [entry] = await sql<{ role: string; shirt_number: number | null }[]>`
      select role, shirt_number from roster_entries where team_id = ${teamId} and member_id = ${memberId}`;
    if (!entry) {
      await sql`insert into roster_entries (team_id, member_id, role, shirt_number) values (${teamId}, ${memberId}, ${role}, ${shirt})`;
    } else if (entry.role !== role || entry.shirt_number !== shirt) {
      await sql`update roster_entries set role = ${role}, shirt_number = ${shirt}, updated_at = now()
        where team_id = ${teamId} and member_id = ${memberId}`;
    }
    if (!entry || entry.role !== role || entry.shirt_number !== shirt) {
      const version = await bumpTeam(sql, clubId, teamId);
      ctx.change({ resourceType: 'team', resourceId: teamId, action: 'updated', version });
    }
    const { data } = await teamWithRoster(sql, clubId, teamId);
    return entry ? { data } : { status: 201, data, location: `/v1/club/teams/${teamId}/roster/${memberId}` };
  },
});

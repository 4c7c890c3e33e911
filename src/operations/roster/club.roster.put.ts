import { expectActive, members } from '../../resources/members.js';
import { teams, withRoster } from '../../resources/teams.js';
import { defineOperation } from '../operation.js';
import { idParams } from '../schemas.js';
import { rosterPutBody, teamOut } from '../teams/schemas.js';

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
  lock: { store: teams, param: 'team_id' },
  reasons: ['member_archived'],
  refusals: ['conflict'],
  async handler(ctx) {
    const { sql } = ctx.unit;
    const team = ctx.locked;
    const member = await members.get(sql, ctx.workspace, ctx.params.member_id);
    expectActive(member);
    const role = ctx.body.role;
    const shirt = ctx.body.shirt_number ?? null;
    const [entry] = await sql<{ role: string; shirt_number: number | null }[]>`
      select role, shirt_number from roster_entries where team_id = ${team.id} and member_id = ${member.id}`;
    if (entry && entry.role === role && entry.shirt_number === shirt) return { data: await withRoster(sql, team) };
    await sql`
      insert into roster_entries (team_id, member_id, role, shirt_number) values (${team.id}, ${member.id}, ${role}, ${shirt})
      on conflict (team_id, member_id) do update set role = excluded.role, shirt_number = excluded.shirt_number, updated_at = now()`;
    const data = await withRoster(sql, await teams.update(ctx.unit, team));
    return entry ? { data } : { status: 201, data, location: `/v1/club/teams/${team.id}/roster/${member.id}` };
  },
});

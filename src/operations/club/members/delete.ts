import * as v from 'valibot';
import { ApiError } from '../../../errors.js';
import { defineOperation } from '../../operation.js';
import { lockedVersion } from '../../versions.js';
import { idParams } from '../../schemas.js';
import { lockMember, memberHasRecords } from './rows.js';

export const clubMembersDelete = defineOperation({
  id: 'club.members.delete',
  summary: 'Erase a member who holds no license and no invoice',
  method: 'DELETE',
  path: '/v1/club/members/{member_id}',
  kind: 'club',
  scope: 'club:members:write',
  params: idParams('member_id'),
  response: v.object({ id: v.string(), deleted: v.literal(true) }),
  currentVersion: (ctx) => lockedVersion(ctx.sql, 'members', ctx.workspace.id, ctx.params.member_id),
  async handler(ctx) {
    const current = await lockMember(ctx.sql, ctx.workspace.id, ctx.params.member_id);
    if (await memberHasRecords(ctx.sql, current.id)) {
      throw new ApiError('invalid_state', `member ${current.id} holds licenses or invoices and cannot be erased; archive it instead`);
    }
    // Roster and attendance rows go with the member: the teams and activities they were on change.
    const teams = await ctx.sql<{ id: string; version: number }[]>`
      update teams set version = version + 1, updated_at = now()
      where id in (select team_id from roster_entries where member_id = ${current.id}) returning id, version`;
    const activities = await ctx.sql<{ id: string; version: number }[]>`
      update activities set version = version + 1, updated_at = now()
      where id in (select activity_id from attendance where member_id = ${current.id}) returning id, version`;
    for (const t of teams) ctx.change({ resourceType: 'team', resourceId: t.id, action: 'updated', version: t.version });
    for (const a of activities) ctx.change({ resourceType: 'activity', resourceId: a.id, action: 'updated', version: a.version });
    await ctx.sql`delete from members where id = ${current.id} and club_id = ${ctx.workspace.id}`;
    // Personal data goes with the row: the feed keeps only the id.
    ctx.change({ resourceType: 'member', resourceId: current.id, action: 'deleted', version: null });
    return { data: { id: current.id, deleted: true } };
  },
});

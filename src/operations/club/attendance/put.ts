import { ApiError } from '../../../errors.js';
import { defineOperation } from '../../operation.js';
import { lockedVersion } from '../../versions.js';
import { idParams } from '../../schemas.js';
import { activityOut, attendancePutBody } from '../activities/schemas.js';
import { activityWithAttendance, assertScheduled, findActivity } from '../activities/store.js';

export const clubAttendancePut = defineOperation({
  id: 'club.attendance.put',
  summary: 'Record a member\'s attendance at an activity; answers the activity',
  method: 'PUT',
  path: '/v1/club/activities/{activity_id}/attendance/{member_id}',
  kind: 'club',
  scope: 'club:activities:write',
  params: idParams('activity_id', 'member_id'),
  body: attendancePutBody,
  response: activityOut,
  currentVersion: (ctx) => lockedVersion(ctx.sql, 'activities', ctx.workspace.id, ctx.params.activity_id),
  async handler(ctx) {
    const { sql } = ctx;
    const clubId = ctx.workspace.id;
    const { activity_id: activityId, member_id: memberId } = ctx.params;
    const { status } = ctx.body;
    const note = ctx.body.note ?? null;
    const activity = await findActivity(sql, clubId, activityId, true);
    const [member] = await sql`select 1 from members where id = ${memberId} and club_id = ${clubId}`;
    if (!member) throw new ApiError('not_found', 'no such member');
    assertScheduled(activity);
    const [row] = await sql<{ created: boolean }[]>`
      insert into attendance (activity_id, member_id, status, note) values (${activityId}, ${memberId}, ${status}, ${note})
      on conflict (activity_id, member_id) do update set status = excluded.status, note = excluded.note, recorded_at = now()
      returning (xmax = 0) as created`;
    const [bumped] = await sql<{ version: number }[]>`
      update activities set version = version + 1, updated_at = now()
      where id = ${activityId} and club_id = ${clubId} returning version`;
    ctx.change({ resourceType: 'activity', resourceId: activityId, action: 'updated', version: bumped!.version });
    const { data } = await activityWithAttendance(sql, clubId, activityId);
    return row!.created ? { status: 201, data, location: `/v1/club/activities/${activityId}/attendance/${memberId}` } : { data };
  },
});

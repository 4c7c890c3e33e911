import { activities, attendance, expectScheduled, withAttendance } from '../../resources/activities.js';
import { members } from '../../resources/members.js';
import { defineOperation } from '../operation.js';
import { idParams } from '../schemas.js';
import { activityOut, attendancePutBody } from '../activities/schemas.js';

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
  lock: { store: activities, param: 'activity_id' },
  refusals: ['invalid_state'],
  async handler(ctx) {
    const { sql } = ctx.unit;
    const member = await members.get(sql, ctx.workspace, ctx.params.member_id);
    expectScheduled(ctx.locked, 'given attendance');
    const { activity, created } = await attendance.put(ctx.unit, ctx.locked, member, ctx.body.status, ctx.body.note ?? null);
    const data = await withAttendance(sql, activity);
    return created ? { status: 201, data } : { data };
  },
});

import { activities, attendance, expectScheduled, withAttendance } from '../../resources/activities.js';
import { members } from '../../resources/members.js';
import { defineOperation } from '../operation.js';
import { activityOut, attendancePutBody } from '../activities/schemas.js';

export default defineOperation({
  summary: 'Record a member\'s attendance at an activity; answers the activity',
  method: 'PUT',
  path: '/v1/club/activities/{activity_id}/attendance/{member_id}',
  scope: 'club:activities:write',
  body: attendancePutBody,
  response: activityOut,
  lock: { store: activities, param: 'activity_id' },
  refusals: ['invalid_state'],
  async handler(ctx) {
    const { sql } = ctx.unit;
    const member = await members.get(sql, ctx.workspace, ctx.params.member_id);
    expectScheduled(ctx.locked, 'given attendance');
    const { activity, created } = await attendance.put(ctx.unit, ctx.locked, member, ctx.body.status, ctx.body.note ?? null);
    const data = await withAttendance(sql, ctx.workspace, activity);
    return created ? { status: 201, data } : { data };
  },
});

import { defineOperation } from '../../operation.js';
import { lockedVersion } from '../../versions.js';
import { idParams } from '../../schemas.js';
import { activityCancelBody, activityOut } from './schemas.js';
import { activityWithAttendance, assertScheduled, findActivity } from './store.js';

export const clubActivitiesCancel = defineOperation({
  id: 'club.activities.cancel',
  summary: 'Cancel a scheduled activity',
  method: 'POST',
  path: '/v1/club/activities/{activity_id}/cancel',
  kind: 'club',
  scope: 'club:activities:write',
  params: idParams('activity_id'),
  body: activityCancelBody,
  response: activityOut,
  currentVersion: (ctx) => lockedVersion(ctx.sql, 'activities', ctx.workspace.id, ctx.params.activity_id),
  async handler(ctx) {
    const { sql } = ctx;
    const clubId = ctx.workspace.id;
    const activityId = ctx.params.activity_id;
    assertScheduled(await findActivity(sql, clubId, activityId, true));
    const [row] = await sql<{ version: number }[]>`
      update activities set status = 'cancelled', cancel_reason = ${ctx.body.reason ?? null}, version = version + 1, updated_at = now()
      where id = ${activityId} and club_id = ${clubId} returning version`;
    ctx.change({ resourceType: 'activity', resourceId: activityId, action: 'cancelled', version: row!.version });
    const { activity, data } = await activityWithAttendance(sql, clubId, activityId);
    return { data, version: activity.version };
  },
});

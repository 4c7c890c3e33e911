import { defineOperation } from '../../operation.js';
import { lockedVersion } from '../../versions.js';
import { idParams } from '../../schemas.js';
import { activityOut, activityPatchBody } from './schemas.js';
import { activityWithAttendance, assertScheduled, checkTeam, checkTimes, findActivity, instant } from './store.js';

export const clubActivitiesUpdate = defineOperation({
  id: 'club.activities.update',
  summary: 'Change a scheduled activity (JSON merge patch)',
  method: 'PATCH',
  path: '/v1/club/activities/{activity_id}',
  kind: 'club',
  scope: 'club:activities:write',
  params: idParams('activity_id'),
  body: activityPatchBody,
  response: activityOut,
  currentVersion: (ctx) => lockedVersion(ctx.sql, 'activities', ctx.workspace.id, ctx.params.activity_id),
  async handler(ctx) {
    const { sql, body } = ctx;
    const clubId = ctx.workspace.id;
    const activityId = ctx.params.activity_id;
    const current = await findActivity(sql, clubId, activityId, true);
    assertScheduled(current);
    const patch: Record<string, unknown> = { ...body };
    if (body.starts_at !== undefined) patch.starts_at = instant(body.starts_at);
    if (body.ends_at !== undefined) patch.ends_at = instant(body.ends_at);
    const keys = Object.keys(patch);
    if (keys.length > 0) {
      checkTimes((patch.starts_at as Date | undefined) ?? current.starts_at, (patch.ends_at as Date | undefined) ?? current.ends_at);
      if (body.team_id) await checkTeam(sql, clubId, body.team_id);
      const [row] = await sql<{ version: number }[]>`
        update activities set ${sql(patch, ...keys)}, version = version + 1, updated_at = now()
        where id = ${activityId} and club_id = ${clubId} returning version`;
      ctx.change({ resourceType: 'activity', resourceId: activityId, action: 'updated', version: row!.version });
    }
    const { activity, data } = await activityWithAttendance(sql, clubId, activityId);
    return { data, version: activity.version };
  },
});

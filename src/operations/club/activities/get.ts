import { defineOperation } from '../../operation.js';
import { idParams } from '../../schemas.js';
import { activityOut } from './schemas.js';
import { activityWithAttendance } from './store.js';

export const clubActivitiesGet = defineOperation({
  id: 'club.activities.get',
  summary: 'An activity with its attendance',
  method: 'GET',
  path: '/v1/club/activities/{activity_id}',
  kind: 'club',
  scope: 'club:activities:read',
  params: idParams('activity_id'),
  response: activityOut,
  async handler(ctx) {
    const { activity, data } = await activityWithAttendance(ctx.sql, ctx.workspace.id, ctx.params.activity_id);
    return { data, version: activity.version };
  },
});

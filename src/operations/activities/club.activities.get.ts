import { activities, withAttendance } from '../../resources/activities.js';
import { defineOperation } from '../operation.js';
import { activityOut } from './schemas.js';

export default defineOperation({
  summary: 'An activity with its attendance',
  method: 'GET',
  path: '/v1/club/activities/{activity_id}',
  scope: 'club:activities:read',
  response: activityOut,
  async handler(ctx) {
    return { data: await withAttendance(ctx.db, ctx.workspace, await activities.get(ctx.db, ctx.workspace, ctx.params.activity_id)) };
  },
});

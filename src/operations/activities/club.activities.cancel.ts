import { activities, activityMachine, withAttendance } from '../../resources/activities.js';
import { transitionOperation } from '../transition.js';
import { activityCancelBody, activityOut } from './schemas.js';

export default transitionOperation({
  summary: 'Cancel a scheduled activity',
  path: '/v1/club/activities/{activity_id}/cancel',
  scope: 'club:activities:write',
  store: activities,
  machine: activityMachine,
  action: 'cancel',
  body: activityCancelBody,
  response: activityOut,
  set: (ctx) => ({ cancel_reason: ctx.body.reason ?? null }),
  view: (ctx, row) => withAttendance(ctx.unit.sql, ctx.workspace, row),
});

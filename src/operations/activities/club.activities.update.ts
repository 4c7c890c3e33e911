import { instant } from '../../db/instant.js';
import { activities, expectScheduled, expectEndAfterStart, withAttendance } from '../../resources/activities.js';
import { teams } from '../../resources/teams.js';
import { defineOperation } from '../operation.js';
import { activityOut, activityPatchBody } from './schemas.js';

export default defineOperation({
  summary: 'Change a scheduled activity (JSON merge patch)',
  method: 'PATCH',
  path: '/v1/club/activities/{activity_id}',
  scope: 'club:activities:write',
  body: activityPatchBody,
  response: activityOut,
  lock: { store: activities, param: 'activity_id' },
  refusals: ['invalid_state'],
  async handler(ctx) {
    const { body, locked: current } = ctx;
    expectScheduled(current, 'updated');
    const patch: Record<string, unknown> = { ...body };
    if (body.starts_at !== undefined) patch.starts_at = instant(body.starts_at);
    if (body.ends_at !== undefined) patch.ends_at = instant(body.ends_at);
    if (Object.keys(patch).length === 0) return { data: await withAttendance(ctx.unit.sql, ctx.workspace, current) };
    expectEndAfterStart((patch.starts_at as Date | undefined) ?? current.starts_at, (patch.ends_at as Date | undefined) ?? current.ends_at);
    if (body.team_id) await teams.referenced(ctx.unit.sql, ctx.workspace, body.team_id, '/team_id');
    return { data: await withAttendance(ctx.unit.sql, ctx.workspace, await activities.update(ctx.unit, current, patch)) };
  },
});

import { instant } from '../../db/instant.js';
import { activities, expectEndAfterStart } from '../../resources/activities.js';
import { teams } from '../../resources/teams.js';
import { defineOperation } from '../operation.js';
import { activityCreateBody, activityOut } from './schemas.js';

export default defineOperation({
  summary: 'Schedule an activity',
  method: 'POST',
  path: '/v1/club/activities',
  scope: 'club:activities:write',
  body: activityCreateBody,
  response: activityOut,
  async handler(ctx) {
    const { body } = ctx;
    const startsAt = instant(body.starts_at);
    const endsAt = instant(body.ends_at);
    expectEndAfterStart(startsAt, endsAt);
    if (body.team_id) await teams.referenced(ctx.unit.sql, ctx.workspace, body.team_id, '/team_id');
    const row = await activities.insert(ctx.unit, {
      club_id: ctx.workspace.id, kind: body.kind, title: body.title, team_id: body.team_id ?? null,
      starts_at: startsAt, ends_at: endsAt, location: body.location ?? null, notes: body.notes ?? null,
    });
    return { status: 201, data: { ...row, attendance: [] }, location: `/v1/club/activities/${row.id}` };
  },
});

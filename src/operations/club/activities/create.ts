import { defineOperation } from '../../operation.js';
import { activityCreateBody, activityOut } from './schemas.js';
import { checkTeam, checkTimes, instant, type ActivityRow } from './store.js';

export const clubActivitiesCreate = defineOperation({
  id: 'club.activities.create',
  summary: 'Schedule an activity',
  method: 'POST',
  path: '/v1/club/activities',
  kind: 'club',
  scope: 'club:activities:write',
  body: activityCreateBody,
  response: activityOut,
  async handler(ctx) {
    const { body, sql } = ctx;
    const startsAt = instant(body.starts_at);
    const endsAt = instant(body.ends_at);
    checkTimes(startsAt, endsAt);
    if (body.team_id) await checkTeam(sql, ctx.workspace.id, body.team_id);
    const [row] = await sql<ActivityRow[]>`
      insert into activities (club_id, kind, title, team_id, starts_at, ends_at, location, notes)
      values (${ctx.workspace.id}, ${body.kind}, ${body.title}, ${body.team_id ?? null}, ${startsAt}, ${endsAt},
        ${body.location ?? null}, ${body.notes ?? null})
      returning id, kind, title, team_id, starts_at, ends_at, location, notes, status, cancel_reason, created_at, updated_at, version`;
    ctx.change({ resourceType: 'activity', resourceId: row!.id, action: 'created', version: row!.version });
    return { status: 201, data: { ...row!, attendance: [] }, location: `/v1/club/activities/${row!.id}` };
  },
});

import * as v from 'valibot';
import { nothing } from '../../db/driver.js';
import { defineOperation } from '../operation.js';
import { afterCursor, page } from '../paging.js';
import { enumFilter, id, listQuery, timestamp } from '../schemas.js';
import { activityListItemOut } from './schemas.js';
import { activities, activityKinds, activityMachine } from '../../resources/activities.js';

export default defineOperation({
  summary: 'The club\'s activities, by start time then id',
  method: 'GET',
  path: '/v1/club/activities',
  scope: 'club:activities:read',
  query: listQuery({
    from: v.optional(v.pipe(timestamp, v.description('Activities starting at or after this instant.'))),
    to: v.optional(v.pipe(timestamp, v.description('Activities starting at or before this instant.'))),
    team_id: v.optional(id),
    status: enumFilter(activityMachine.states),
    kind: enumFilter(activityKinds),
  }),
  response: activityListItemOut,
  list: true,
  async handler(ctx) {
    const q = ctx.query;
    const sql = ctx.db;
    const after = afterCursor(ctx, q, ['instant', 'id']);
    const rows = await sql`
      select ${activities.selection}, s.attendance_summary
      from activities a cross join lateral (
        select json_build_object(
          'present', count(*) filter (where status = 'present'), 'absent', count(*) filter (where status = 'absent'),
          'excused', count(*) filter (where status = 'excused'), 'late', count(*) filter (where status = 'late')
        ) as attendance_summary
        from attendance where federation_id = a.federation_id and activity_id = a.id
      ) s
      where ${activities.scope(sql, ctx.workspace)}
        ${after ? sql`and (a.starts_at, a.id) > (${after[0]!}::timestamptz, ${after[1]!}::bigint)` : nothing}
        ${q.from ? sql`and a.starts_at >= ${q.from}` : nothing}
        ${q.to ? sql`and a.starts_at <= ${q.to}` : nothing}
        ${q.team_id ? sql`and a.team_id = ${q.team_id}` : nothing}
        ${q.status ? sql`and a.status = ${q.status}` : nothing}
        ${q.kind ? sql`and a.kind = ${q.kind}` : nothing}
        ${q.updated_since ? sql`and a.updated_at >= ${q.updated_since}` : nothing}
      order by a.starts_at, a.id limit ${q.limit + 1}`;
    return page(ctx, q, rows, (r) => [(r.starts_at as Date).toISOString(), r.id as string]);
  },
});

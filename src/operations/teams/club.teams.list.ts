import * as v from 'valibot';
import { nothing } from '../../db/driver.js';
import { defineOperation } from '../operation.js';
import { afterCursor, page } from '../paging.js';
import { enumFilter, id, listQuery } from '../schemas.js';
import { teamListItemOut } from './schemas.js';
import { teams, teamStatuses } from '../../resources/teams.js';

export default defineOperation({
  summary: 'The club\'s teams, by id',
  method: 'GET',
  path: '/v1/club/teams',
  scope: 'club:teams:read',
  query: listQuery({ season_id: v.optional(id), status: enumFilter(teamStatuses) }),
  response: teamListItemOut,
  list: true,
  async handler(ctx) {
    const q = ctx.query;
    const sql = ctx.db;
    const after = afterCursor(ctx, q)?.[0] ?? '0';
    const rows = await sql`
      select ${teams.selection}, (select count(*)::int from roster_entries r where r.federation_id = t.federation_id and r.team_id = t.id) as roster_size
      from teams t
      where ${teams.scope(sql, ctx.workspace)} and t.id > ${after}
        ${q.season_id ? sql`and t.season_id = ${q.season_id}` : nothing}
        ${q.status ? sql`and t.status = ${q.status}` : nothing}
        ${q.updated_since ? sql`and t.updated_at >= ${q.updated_since}` : nothing}
      order by t.id limit ${q.limit + 1}`;
    return page(ctx, q, rows, (r) => [r.id as string]);
  },
});

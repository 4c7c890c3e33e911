import * as v from 'valibot';
import { competitionColumns, competitions } from '../../../resources/competitions.js';
import { defineOperation } from '../../operation.js';
import { afterCursor, page } from '../../paging.js';
import { enumFilter, id, listQuery } from '../../schemas.js';
import { competitionOut, competitionStatuses } from './schemas.js';

export const clubCompetitionsList = defineOperation({
  id: 'club.competitions.list',
  summary: 'Competitions of the federation open for entries, and those the club has entries in; by id',
  method: 'GET',
  path: '/v1/club/competitions',
  kind: 'club',
  scope: 'club:competitions:read',
  query: listQuery({ status: enumFilter(competitionStatuses), season_id: v.optional(id) }),
  response: competitionOut,
  list: true,
  async handler(ctx) {
    const { sql, query: q } = ctx;
    const after = afterCursor(ctx.operationId, q)?.[0] ?? '0';
    const rows = await sql`
      select ${sql(competitionColumns as unknown as string[])} from competitions
      where ${competitions.visible(sql, ctx.workspace)} and id > ${after}
        ${q.status ? sql`and status = ${q.status}` : sql``}
        ${q.season_id ? sql`and season_id = ${q.season_id}` : sql``}
        ${q.updated_since ? sql`and updated_at >= ${q.updated_since}::timestamptz` : sql``}
      order by id limit ${q.limit + 1}`;
    return page(ctx.operationId, q, rows, (r) => [r.id as string]);
  },
});

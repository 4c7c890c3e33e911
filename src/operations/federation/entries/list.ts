import { competitions } from '../../../resources/competitions.js';
import { entryColumns } from '../../../resources/entries.js';
import { defineOperation } from '../../operation.js';
import { afterCursor, page } from '../../paging.js';
import { enumFilter, idParams, listQuery } from '../../schemas.js';
import { entryOut, entryStatuses } from './schemas.js';

export const federationEntriesList = defineOperation({
  id: 'federation.entries.list',
  summary: 'The entries of a competition, by id',
  method: 'GET',
  path: '/v1/federation/competitions/{competition_id}/entries',
  kind: 'federation',
  scope: 'federation:competitions:read',
  params: idParams('competition_id'),
  query: listQuery({ status: enumFilter(entryStatuses) }),
  response: entryOut,
  list: true,
  async handler(ctx) {
    const { sql, query: q } = ctx;
    const competition = await competitions.get(sql, ctx.workspace, ctx.params.competition_id);
    const after = afterCursor(ctx.operationId, q)?.[0] ?? '0';
    const rows = await sql`
      select ${sql(entryColumns as unknown as string[])} from entries
      where competition_id = ${competition.id} and id > ${after}
        ${q.status ? sql`and status = ${q.status}` : sql``}
        ${q.updated_since ? sql`and updated_at >= ${q.updated_since}::timestamptz` : sql``}
      order by id limit ${q.limit + 1}`;
    return page(ctx.operationId, q, rows, (r) => [r.id as string]);
  },
});

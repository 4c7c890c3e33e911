import { officials } from '../../../resources/officials.js';
import { defineOperation } from '../../operation.js';
import { afterCursor, page } from '../../paging.js';
import { enumFilter, listQuery } from '../../schemas.js';
import { officialOut, officialStatuses } from './schemas.js';

export const federationOfficialsList = defineOperation({
  id: 'federation.officials.list',
  summary: 'The federation\'s match officials, by id',
  method: 'GET',
  path: '/v1/federation/officials',
  kind: 'federation',
  scope: 'federation:officials:read',
  query: listQuery({ status: enumFilter(officialStatuses) }),
  response: officialOut,
  list: true,
  async handler(ctx) {
    const { sql, query: q } = ctx;
    const after = afterCursor(ctx.operationId, q)?.[0] ?? '0';
    const rows = await sql`
      select ${sql(officials.columns as string[])} from officials
      where federation_id = ${ctx.workspace.id} and id > ${after}
        ${q.status ? sql`and status = ${q.status}` : sql``}
        ${q.updated_since ? sql`and updated_at >= ${q.updated_since}::timestamptz` : sql``}
      order by id limit ${q.limit + 1}`;
    return page(ctx.operationId, q, rows, (r) => [r.id as string]);
  },
});

import * as v from 'valibot';
import { transfers, transferMachine } from '../../resources/transfers.js';
import { defineOperation } from '../operation.js';
import { equals, listById } from '../listing.js';
import { enumFilter, id, listQuery } from '../schemas.js';
import { transferOut } from './schemas.js';

export default defineOperation({
  summary: 'Transfers between the federation\'s clubs, by id',
  method: 'GET',
  path: '/v1/federation/transfers',
  scope: 'federation:transfers:read',
  query: listQuery({
    status: enumFilter(transferMachine.states),
    club_id: v.optional(v.pipe(id, v.description('Transfers into or out of this club.'))),
  }),
  response: transferOut,
  list: true,
  handler: (ctx) => {
    const { db: sql, query: q } = ctx;
    return listById(ctx, {
      store: transfers,
      filters: [equals(ctx, 'status', q.status),
        q.club_id ? sql`(from_club_id = ${q.club_id} or to_club_id = ${q.club_id})` : undefined],
    });
  },
});

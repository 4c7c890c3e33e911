import * as v from 'valibot';
import { transfers, transferMachine } from '../../resources/transfers.js';
import { defineOperation } from '../operation.js';
import { equals, listById } from '../listing.js';
import { enumFilter, listQuery } from '../schemas.js';
import { transferOut } from './schemas.js';

export default defineOperation({
  summary: 'Transfers into and out of the club, by id',
  method: 'GET',
  path: '/v1/club/transfers',
  scope: 'club:licenses:read',
  query: listQuery({
    direction: v.optional(v.pipe(
      v.picklist(['incoming', 'outgoing'], 'must be one of incoming, outgoing'),
      v.description('incoming: players coming to the club; outgoing: players leaving it.'),
    )),
    status: enumFilter(transferMachine.states),
  }),
  response: transferOut,
  list: true,
  handler: (ctx) => {
    const { direction, status } = ctx.query;
    const side = direction === 'incoming' ? 'to_club_id' : 'from_club_id';
    return listById(ctx, {
      store: transfers,
      filters: [direction ? equals(ctx, side, ctx.workspace.id) : undefined, equals(ctx, 'status', status)],
    });
  },
});

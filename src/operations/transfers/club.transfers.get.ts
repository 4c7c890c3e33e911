import { transfers } from '../../resources/transfers.js';
import { defineOperation } from '../operation.js';
import { transferOut } from './schemas.js';

export default defineOperation({
  summary: 'One transfer the club is party to',
  method: 'GET',
  path: '/v1/club/transfers/{transfer_id}',
  scope: 'club:licenses:read',
  response: transferOut,
  async handler(ctx) {
    return { data: await transfers.get(ctx.db, ctx.workspace, ctx.params.transfer_id) };
  },
});

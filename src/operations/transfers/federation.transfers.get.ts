import { transfers } from '../../resources/transfers.js';
import { defineOperation } from '../operation.js';
import { transferOut } from './schemas.js';

export default defineOperation({
  summary: 'One transfer between the federation\'s clubs',
  method: 'GET',
  path: '/v1/federation/transfers/{transfer_id}',
  scope: 'federation:transfers:read',
  response: transferOut,
  async handler(ctx) {
    return { data: await transfers.get(ctx.db, ctx.workspace, ctx.params.transfer_id) };
  },
});

import { transfers } from '../../resources/transfers.js';
import { defineOperation } from '../operation.js';
import { idParams } from '../schemas.js';
import { transferOut } from './schemas.js';

export const clubTransfersGet = defineOperation({
  id: 'club.transfers.get',
  summary: 'One transfer the club is party to',
  method: 'GET',
  path: '/v1/club/transfers/{transfer_id}',
  kind: 'club',
  scope: 'club:licenses:read',
  params: idParams('transfer_id'),
  response: transferOut,
  async handler(ctx) {
    return { data: await transfers.get(ctx.db, ctx.workspace, ctx.params.transfer_id) };
  },
});

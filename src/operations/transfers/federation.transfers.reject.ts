import { transfers, transferMachine } from '../../resources/transfers.js';
import { transitionOperation } from '../transition.js';
import { transferOut, transferRejectBody } from './schemas.js';

export default transitionOperation({
  summary: 'Reject an open transfer, saying why',
  path: '/v1/federation/transfers/{transfer_id}/reject',
  scope: 'federation:transfers:write',
  store: transfers,
  machine: transferMachine,
  action: 'reject',
  body: transferRejectBody,
  response: transferOut,
  set: (ctx) => ({ reason: ctx.body.reason, decided_at: ctx.unit.sql`now()` }),
});

import { expectDestination, transfers, transferMachine } from '../../resources/transfers.js';
import { transitionOperation } from '../transition.js';
import { transferOut } from './schemas.js';

export default transitionOperation({
  summary: 'Call off a transfer the club asked for, before the federation decides',
  path: '/v1/club/transfers/{transfer_id}/cancel',
  scope: 'club:licenses:write',
  store: transfers,
  machine: transferMachine,
  action: 'cancel',
  response: transferOut,
  refusals: ['action_not_permitted'],
  permit: (ctx, transfer) => expectDestination(ctx.workspace, transfer),
});

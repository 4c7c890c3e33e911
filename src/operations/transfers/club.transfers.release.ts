import { expectOrigin, transfers, transferMachine } from '../../resources/transfers.js';
import { transitionOperation } from '../transition.js';
import { transferOut } from './schemas.js';

export default transitionOperation({
  summary: 'Let the player go: the origin club releases a requested transfer',
  path: '/v1/club/transfers/{transfer_id}/release',
  scope: 'club:licenses:write',
  store: transfers,
  machine: transferMachine,
  action: 'release',
  response: transferOut,
  refusals: ['action_not_permitted'],
  permit: (ctx, transfer) => expectOrigin(ctx.workspace, transfer),
  set: (ctx) => ({ released_at: ctx.unit.sql`now()` }),
});

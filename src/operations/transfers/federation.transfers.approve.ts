import { licenses } from '../../resources/licenses.js';
import { expectState } from '../../resources/machine.js';
import { land, transfers, transferMachine } from '../../resources/transfers.js';
import { transitionOperation } from '../transition.js';
import { transferOut } from './schemas.js';

export default transitionOperation({
  summary: 'Approve a released transfer: the license, the members and the person move in one step',
  path: '/v1/federation/transfers/{transfer_id}/approve',
  scope: 'federation:transfers:write',
  store: transfers,
  machine: transferMachine,
  action: 'approve',
  response: transferOut,
  async guard(ctx, transfer) {
    const license = await licenses.get(ctx.unit.sql, ctx.workspace, transfer.license_id, { lock: true });
    expectState('license', license, ['approved'], 'transferred');
  },
  set: (ctx) => ({ decided_at: ctx.unit.sql`now()` }),
  effect: async (ctx, transfer) => land(ctx.unit, transfer),
});

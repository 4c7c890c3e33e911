import { expectRunning, sanctions, sanctionMachine, withStatus } from '../../resources/sanctions.js';
import { transitionOperation } from '../transition.js';
import { sanctionLiftBody, sanctionOut } from './schemas.js';

export default transitionOperation({
  summary: 'Lift an active sanction, with a reason',
  path: '/v1/federation/sanctions/{sanction_id}/lift',
  scope: 'federation:sanctions:write',
  store: sanctions,
  machine: sanctionMachine,
  action: 'lift',
  body: sanctionLiftBody,
  response: sanctionOut,
  guard: (_ctx, row) => expectRunning(row),
  set: (ctx) => ({ lifted_at: new Date(), lift_reason: ctx.body.reason }),
  view: async (_ctx, row) => withStatus(row),
});

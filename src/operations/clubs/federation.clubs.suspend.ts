import { clubs, clubMachine, withCounts } from '../../resources/clubs.js';
import { transitionOperation } from '../transition.js';
import { clubSuspendBody, federationClubOut } from './schemas.js';

export default transitionOperation({
  summary: 'Suspend an active club: its license and transfer requests are refused until reinstated',
  path: '/v1/federation/clubs/{club_id}/suspend',
  scope: 'federation:clubs:write',
  store: clubs,
  machine: clubMachine,
  action: 'suspend',
  body: clubSuspendBody,
  response: federationClubOut,
  set: (ctx) => ({ suspend_reason: ctx.body.reason }),
  view: async (ctx, row) => (await withCounts(ctx.unit.sql, ctx.workspace, [row]))[0],
});

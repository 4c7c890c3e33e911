import { clubs, clubMachine, withCounts } from '../../resources/clubs.js';
import { transitionOperation } from '../transition.js';
import { federationClubOut } from './schemas.js';

export default transitionOperation({
  summary: 'Reinstate a suspended club',
  path: '/v1/federation/clubs/{club_id}/reinstate',
  scope: 'federation:clubs:write',
  store: clubs,
  machine: clubMachine,
  action: 'reinstate',
  response: federationClubOut,
  set: () => ({ suspend_reason: null }),
  view: async (ctx, row) => (await withCounts(ctx.unit.sql, ctx.workspace, [row]))[0],
});

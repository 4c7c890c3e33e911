import { licenses, licenseMachine, licenseView } from '../../resources/licenses.js';
import { transitionOperation } from '../transition.js';
import { federationLicenseOut } from './schemas.js';

export default transitionOperation({
  summary: 'Reinstate a suspended license',
  path: '/v1/federation/licenses/{license_id}/reinstate',
  scope: 'federation:licenses:write',
  store: licenses,
  machine: licenseMachine,
  action: 'reinstate',
  response: federationLicenseOut,
  set: () => ({ reason: null }),
  view: async (ctx, row) => licenseView(row, ctx.workspace),
});

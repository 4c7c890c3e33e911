import { licenses, licenseMachine, licenseView } from '../../resources/licenses.js';
import { transitionOperation } from '../transition.js';
import { federationLicenseOut, licenseReasonBody } from './schemas.js';

export default transitionOperation({
  summary: 'Suspend an approved license, saying why',
  path: '/v1/federation/licenses/{license_id}/suspend',
  scope: 'federation:licenses:write',
  store: licenses,
  machine: licenseMachine,
  action: 'suspend',
  body: licenseReasonBody,
  response: federationLicenseOut,
  set: (ctx) => ({ reason: ctx.body.reason }),
  view: async (ctx, row) => licenseView(row, ctx.workspace),
});

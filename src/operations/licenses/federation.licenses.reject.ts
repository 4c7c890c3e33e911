import { licenses, licenseMachine, licenseView } from '../../resources/licenses.js';
import { transitionOperation } from '../transition.js';
import { federationLicenseOut, licenseReasonBody } from './schemas.js';

export default transitionOperation({
  summary: 'Reject a requested license, saying why',
  path: '/v1/federation/licenses/{license_id}/reject',
  scope: 'federation:licenses:write',
  store: licenses,
  machine: licenseMachine,
  action: 'reject',
  body: licenseReasonBody,
  response: federationLicenseOut,
  set: (ctx) => ({ reason: ctx.body.reason, decided_at: ctx.unit.sql`now()` }),
  view: async (ctx, row) => licenseView(row, ctx.workspace),
});

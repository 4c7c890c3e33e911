import { licenses, licenseMachine } from '../../resources/licenses.js';
import { transitionOperation } from '../transition.js';
import { clubLicenseOut } from './schemas.js';

export default transitionOperation({
  summary: 'Withdraw a license request the federation has not decided',
  path: '/v1/club/licenses/{license_id}/withdraw',
  scope: 'club:licenses:write',
  store: licenses,
  machine: licenseMachine,
  action: 'withdraw',
  response: clubLicenseOut,
});

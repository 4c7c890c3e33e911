import { licenses, licenseView } from '../../resources/licenses.js';
import { defineOperation } from '../operation.js';
import { federationLicenseOut } from './schemas.js';

export default defineOperation({
  summary: 'One license of the federation',
  method: 'GET',
  path: '/v1/federation/licenses/{license_id}',
  scope: 'federation:licenses:read',
  response: federationLicenseOut,
  async handler(ctx) {
    return { data: licenseView(await licenses.get(ctx.db, ctx.workspace, ctx.params.license_id), ctx.workspace) };
  },
});

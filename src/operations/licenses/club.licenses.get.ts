import { licenses } from '../../resources/licenses.js';
import { defineOperation } from '../operation.js';
import { clubLicenseOut } from './schemas.js';

export default defineOperation({
  summary: 'One license of the club',
  method: 'GET',
  path: '/v1/club/licenses/{license_id}',
  scope: 'club:licenses:read',
  response: clubLicenseOut,
  async handler(ctx) {
    return { data: await licenses.get(ctx.db, ctx.workspace, ctx.params.license_id) };
  },
});

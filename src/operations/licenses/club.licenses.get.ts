import { licenses } from '../../resources/licenses.js';
import { defineOperation } from '../operation.js';
import { idParams } from '../schemas.js';
import { clubLicenseOut } from './schemas.js';

export const clubLicensesGet = defineOperation({
  id: 'club.licenses.get',
  summary: 'One license of the club',
  method: 'GET',
  path: '/v1/club/licenses/{license_id}',
  kind: 'club',
  scope: 'club:licenses:read',
  params: idParams('license_id'),
  response: clubLicenseOut,
  async handler(ctx) {
    return { data: await licenses.get(ctx.db, ctx.workspace, ctx.params.license_id) };
  },
});

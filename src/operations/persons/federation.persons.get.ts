import { persons, withLicenses } from '../../resources/persons.js';
import { defineOperation } from '../operation.js';
import { personOut } from './schemas.js';

export default defineOperation({
  summary: 'One person of the federation\'s registry, with their licenses',
  method: 'GET',
  path: '/v1/federation/persons/{person_id}',
  scope: 'federation:persons:read',
  response: personOut,
  async handler(ctx) {
    const [person] = await withLicenses(ctx.db, ctx.workspace, [await persons.get(ctx.db, ctx.workspace, ctx.params.person_id)]);
    return { data: person };
  },
});

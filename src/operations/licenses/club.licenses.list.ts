import * as v from 'valibot';
import { licenses, licenseMachine } from '../../resources/licenses.js';
import { defineOperation } from '../operation.js';
import { equals, listById } from '../listing.js';
import { enumFilter, id, listQuery } from '../schemas.js';
import { clubLicenseOut } from './schemas.js';

export const clubLicensesList = defineOperation({
  id: 'club.licenses.list',
  summary: 'The club\'s licenses, by id',
  method: 'GET',
  path: '/v1/club/licenses',
  kind: 'club',
  scope: 'club:licenses:read',
  query: listQuery({
    status: enumFilter(licenseMachine.states),
    season_id: v.optional(id),
    member_id: v.optional(id),
    category_id: v.optional(id),
  }),
  response: clubLicenseOut,
  list: true,
  handler: (ctx) => {
    const q = ctx.query;
    return listById(ctx, {
      store: licenses,
      filters: [equals(ctx, 'status', q.status), equals(ctx, 'season_id', q.season_id),
        equals(ctx, 'member_id', q.member_id), equals(ctx, 'category_id', q.category_id)],
    });
  },
});

import * as v from 'valibot';
import { licenses, licenseMachine, seasonFilter } from '../../resources/licenses.js';
import { defineOperation } from '../operation.js';
import { equals, listById } from '../listing.js';
import { enumFilter, id, listQuery } from '../schemas.js';
import { clubLicenseOut } from './schemas.js';

export default defineOperation({
  summary: 'The club\'s licenses, by id',
  method: 'GET',
  path: '/v1/club/licenses',
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
    const season = seasonFilter(ctx.db, q.season_id);
    return listById(ctx, {
      store: licenses,
      filters: [equals(ctx, 'status', q.status), season.filter,
        equals(ctx, 'member_id', q.member_id), equals(ctx, 'category_id', q.category_id)],
      orderBefore: season.orderBefore,
    });
  },
});

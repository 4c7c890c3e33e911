import * as v from 'valibot';
import { licenses, licenseView, licenseMachine, seasonFilter } from '../../resources/licenses.js';
import { defineOperation } from '../operation.js';
import { equals, listById } from '../listing.js';
import { enumFilter, id, listQuery } from '../schemas.js';
import { federationLicenseOut } from './schemas.js';

export default defineOperation({
  summary: 'The licenses of the federation\'s clubs, by id',
  method: 'GET',
  path: '/v1/federation/licenses',
  scope: 'federation:licenses:read',
  query: listQuery({
    status: enumFilter(licenseMachine.states),
    club_id: v.optional(id),
    season_id: v.optional(id),
    category_id: v.optional(id),
    person_id: v.optional(id),
  }),
  response: federationLicenseOut,
  list: true,
  handler: (ctx) => {
    const q = ctx.query;
    const season = seasonFilter(ctx.db, q.season_id);
    return listById(ctx, {
      store: licenses,
      filters: [equals(ctx, 'status', q.status), equals(ctx, 'club_id', q.club_id), season.filter,
        equals(ctx, 'category_id', q.category_id), equals(ctx, 'person_id', q.person_id)],
      shape: (row) => licenseView(row, ctx.workspace),
      orderBefore: season.orderBefore,
    });
  },
});

import { clubs, withCounts, clubMachine } from '../../resources/clubs.js';
import { defineOperation } from '../operation.js';
import { equals, listById } from '../listing.js';
import { enumFilter, listQuery } from '../schemas.js';
import { federationClubOut } from './schemas.js';

export default defineOperation({
  summary: 'The federation\'s clubs with their counts, by id',
  method: 'GET',
  path: '/v1/federation/clubs',
  scope: 'federation:clubs:read',
  query: listQuery({ status: enumFilter(clubMachine.states) }),
  response: federationClubOut,
  list: true,
  handler: (ctx) => listById(ctx, {
    store: clubs,
    filters: [equals(ctx, 'status', ctx.query.status)],
    expand: (rows) => withCounts(ctx.db, ctx.workspace, rows),
  }),
});

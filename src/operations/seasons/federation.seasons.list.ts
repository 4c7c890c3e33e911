import { seasons, seasonMachine } from '../../resources/seasons.js';
import { defineOperation } from '../operation.js';
import { equals, listById } from '../listing.js';
import { enumFilter, listQuery } from '../schemas.js';
import { seasonOut } from './schemas.js';

export default defineOperation({
  summary: 'The federation\'s seasons, by id',
  method: 'GET',
  path: '/v1/federation/seasons',
  scope: 'federation:profile:read',
  query: listQuery({ status: enumFilter(seasonMachine.states) }),
  response: seasonOut,
  list: true,
  handler: (ctx) => listById(ctx, { store: seasons, filters: [equals(ctx, 'status', ctx.query.status)] }),
});

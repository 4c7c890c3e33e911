import { officials, officialStatuses } from '../../resources/officials.js';
import { equals, listById } from '../listing.js';
import { defineOperation } from '../operation.js';
import { enumFilter, listQuery } from '../schemas.js';
import { officialOut } from './schemas.js';

export default defineOperation({
  summary: 'The federation\'s match officials, by id',
  method: 'GET',
  path: '/v1/federation/officials',
  scope: 'federation:officials:read',
  query: listQuery({ status: enumFilter(officialStatuses) }),
  response: officialOut,
  list: true,
  handler: (ctx) => listById(ctx, { store: officials, filters: [equals(ctx, 'status', ctx.query.status)] }),
});

import { categories, categoryStatuses } from '../../resources/categories.js';
import { defineOperation } from '../operation.js';
import { equals, listById } from '../listing.js';
import { enumFilter, listQuery } from '../schemas.js';
import { categoryOut } from './schemas.js';

export default defineOperation({
  summary: 'The federation\'s license categories, by id',
  method: 'GET',
  path: '/v1/federation/license-categories',
  scope: 'federation:licenses:read',
  query: listQuery({ status: enumFilter(categoryStatuses) }),
  response: categoryOut,
  list: true,
  handler: (ctx) => listById(ctx, { store: categories, filters: [equals(ctx, 'status', ctx.query.status)] }),
});

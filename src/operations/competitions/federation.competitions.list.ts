import { defineOperation } from '../operation.js';
import { competitionOut } from './schemas.js';
import { competitionsPage, competitionsQuery } from './list.js';

export default defineOperation({
  summary: 'The federation\'s competitions, by id',
  method: 'GET',
  path: '/v1/federation/competitions',
  scope: 'federation:competitions:read',
  query: competitionsQuery,
  response: competitionOut,
  list: true,
  handler: competitionsPage,
});

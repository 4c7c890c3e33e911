import { defineOperation } from '../operation.js';
import { competitionsPage, competitionsQuery } from './list.js';
import { competitionOut } from './schemas.js';

export default defineOperation({
  summary: 'Competitions of the federation open for entries, and those the club has entries in; by id',
  method: 'GET',
  path: '/v1/club/competitions',
  scope: 'club:competitions:read',
  query: competitionsQuery,
  response: competitionOut,
  list: true,
  handler: competitionsPage,
});

import { defineOperation } from '../operation.js';
import { listQuery } from '../schemas.js';
import { matchFilters, matchPage } from './list.js';
import { matchListItemOut } from './schemas.js';

export default defineOperation({
  summary: 'The matches the club plays, home or away, by scheduled time then id',
  method: 'GET',
  path: '/v1/club/matches',
  scope: 'club:competitions:read',
  query: listQuery(matchFilters),
  response: matchListItemOut,
  list: true,
  handler: matchPage,
});

import * as v from 'valibot';
import { defineOperation } from '../operation.js';
import { id, listQuery } from '../schemas.js';
import { matchListItemOut } from './schemas.js';
import { matchFilters, matchPage } from './list.js';

export default defineOperation({
  summary: 'The federation\'s matches, by scheduled time then id',
  method: 'GET',
  path: '/v1/federation/matches',
  scope: 'federation:matches:read',
  query: listQuery({
    ...matchFilters,
    club_id: v.optional(v.pipe(id, v.description('Matches this club plays, home or away.'))),
    round: v.optional(v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,3}$/, 'must be a round number'), v.transform(Number))),
  }),
  response: matchListItemOut,
  list: true,
  handler: matchPage,
});

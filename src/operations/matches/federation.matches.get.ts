import { matchView } from '../../resources/match-details.js';
import { matches } from '../../resources/matches.js';
import { defineOperation } from '../operation.js';
import { federationMatchOut } from './schemas.js';

export default defineOperation({
  summary: 'A match with both lineups',
  method: 'GET',
  path: '/v1/federation/matches/{match_id}',
  scope: 'federation:matches:read',
  response: federationMatchOut,
  async handler(ctx) {
    return { data: await matchView(ctx.db, ctx.workspace, await matches.get(ctx.db, ctx.workspace, ctx.params.match_id)) };
  },
});

import { matchView } from '../../resources/match-details.js';
import { matches } from '../../resources/matches.js';
import { defineOperation } from '../operation.js';
import { clubMatchOut } from './schemas.js';

export default defineOperation({
  summary: 'A match the club plays, with its own lineup',
  method: 'GET',
  path: '/v1/club/matches/{match_id}',
  scope: 'club:competitions:read',
  response: clubMatchOut,
  async handler(ctx) {
    return { data: await matchView(ctx.db, ctx.workspace, await matches.get(ctx.db, ctx.workspace, ctx.params.match_id)) };
  },
});

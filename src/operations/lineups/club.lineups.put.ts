import { expectDistinct, expectEligible, lineups } from '../../resources/lineups.js';
import { matchView } from '../../resources/match-details.js';
import { expectBeforeKickoff, matches } from '../../resources/matches.js';
import { defineOperation } from '../operation.js';
import { clubMatchOut, lineupPutBody } from '../matches/schemas.js';

export default defineOperation({
  summary: 'Submit or replace the club\'s lineup for a match before kickoff; answers the match',
  method: 'PUT',
  path: '/v1/club/matches/{match_id}/lineup',
  scope: 'club:competitions:write',
  body: lineupPutBody,
  response: clubMatchOut,
  lock: { store: matches, param: 'match_id' },
  reasons: ['player_not_eligible', 'player_suspended'],
  refusals: ['invalid_state'],
  async handler(ctx) {
    const { sql } = ctx.unit;
    const match = ctx.locked;
    const { players } = ctx.body;
    expectBeforeKickoff(match, new Date());
    expectDistinct(players);
    const persons = await expectEligible(sql, ctx.workspace, match, players);
    const { match: row, created } = await lineups.put(ctx.unit, match, players, persons);
    const data = await matchView(sql, ctx.workspace, row);
    return created ? { status: 201, data } : { data };
  },
});

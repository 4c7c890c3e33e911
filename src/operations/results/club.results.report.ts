import { matchView } from '../../resources/match-details.js';
import { expectAfterKickoff, matches } from '../../resources/matches.js';
import { resultReports } from '../../resources/result-reports.js';
import { defineOperation } from '../operation.js';
import { clubMatchOut, scoreBody } from '../matches/schemas.js';

export default defineOperation({
  summary: 'Report the score of a match the club played; when both clubs agree the match is played',
  method: 'POST',
  path: '/v1/club/matches/{match_id}/result-report',
  scope: 'club:competitions:write',
  body: scoreBody('ResultReport'),
  response: clubMatchOut,
  lock: { store: matches, param: 'match_id' },
  refusals: ['invalid_state'],
  async handler(ctx) {
    expectAfterKickoff(ctx.locked, new Date());
    const row = await resultReports.put(ctx.unit, ctx.locked, ctx.body);
    return { data: await matchView(ctx.unit.sql, ctx.workspace, row) };
  },
});

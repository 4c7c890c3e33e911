import { completeIfDone } from '../../resources/competitions.js';
import { matchView } from '../../resources/match-details.js';
import { matches, matchMachine } from '../../resources/matches.js';
import { transitionOperation } from '../transition.js';
import { federationMatchOut, scoreBody } from './schemas.js';

export default transitionOperation({
  summary: 'Set the result of a match, or correct the result of a played one',
  path: '/v1/federation/matches/{match_id}/result',
  scope: 'federation:matches:write',
  store: matches,
  machine: matchMachine,
  action: 'result',
  body: scoreBody('MatchResult'),
  response: federationMatchOut,
  set: (ctx) => ({ home_score: ctx.body.home_score, away_score: ctx.body.away_score, result_source: 'federation' }),
  async effect(ctx, row) {
    await completeIfDone(ctx.unit, row.competition_id);
  },
  view: (ctx, row) => matchView(ctx.unit.sql, ctx.workspace, row),
});

import { completeIfDone } from '../../resources/competitions.js';
import { matchView } from '../../resources/match-details.js';
import { clubsOf, expectAfterKickoff, matches, matchMachine } from '../../resources/matches.js';
import { transitionFrom } from '../../resources/machine.js';
import { defineOperation } from '../operation.js';
import { idParams } from '../schemas.js';
import { clubMatchOut, scoreBody } from '../matches/schemas.js';

export const clubResultsReport = defineOperation({
  id: 'club.results.report',
  summary: 'Report the score of a match the club played; when both clubs agree the match is played',
  method: 'POST',
  path: '/v1/club/matches/{match_id}/result-report',
  kind: 'club',
  scope: 'club:competitions:write',
  params: idParams('match_id'),
  body: scoreBody('ResultReport'),
  response: clubMatchOut,
  lock: { store: matches, param: 'match_id' },
  refusals: ['invalid_state'],
  async handler(ctx) {
    const { sql } = ctx.unit;
    const match = ctx.locked;
    const { home_score, away_score } = ctx.body;
    expectAfterKickoff(match, new Date());
    await sql`
      insert into match_reports (match_id, club_id, federation_id, home_score, away_score)
      values (${match.id}, ${ctx.workspace.id}, ${ctx.workspace.federationId}, ${home_score}, ${away_score})
      on conflict (match_id, club_id) do update
        set home_score = excluded.home_score, away_score = excluded.away_score, reported_at = now()`;
    const reports = await sql<{ club_id: string; home_score: number; away_score: number }[]>`
      select club_id, home_score, away_score from match_reports where match_id = ${match.id}`;
    // Only the clubs of the match report, so agreement is: each has reported, all the same score.
    const agreed = clubsOf(match).every((club) => reports.some((r) => r.club_id === club))
      && reports.every((r) => r.home_score === home_score && r.away_score === away_score);
    let row;
    if (agreed) {
      const { to, done } = transitionFrom(matchMachine, 'play', match);
      row = await matches.update(ctx.unit, match, { status: to, home_score, away_score, result_source: 'reports' }, done);
      await completeIfDone(ctx.unit, row.competition_id);
    } else {
      row = await matches.update(ctx.unit, match);
    }
    return { data: await matchView(sql, ctx.workspace, row) };
  },
});

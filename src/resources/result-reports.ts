// The clubs' reports of a match's score. A report has no version of its own: each one bumps the
// match's and records the match's change, as a store command does; the report that makes both
// clubs agree plays the match.
import { completeIfDone } from './competitions.js';
import { transitionFrom } from './machine.js';
import { clubsOf, matches, matchMachine, type MatchRow } from './matches.js';
import type { Unit } from './unit.js';

interface Score { home_score: number; away_score: number }

export const resultReports = {
  /** Records the club's report (replacing its earlier one); answers the match after it. */
  async put(unit: Unit, match: MatchRow, score: Score): Promise<MatchRow> {
    const { sql, workspace } = unit;
    const { home_score, away_score } = score;
    await sql`
      insert into match_reports (match_id, club_id, federation_id, home_score, away_score)
      values (${match.id}, ${workspace.id}, ${workspace.federationId}, ${home_score}, ${away_score})
      on conflict (federation_id, match_id, club_id) do update
        set home_score = excluded.home_score, away_score = excluded.away_score, reported_at = now()`;
    const reports = await sql<({ club_id: string } & Score)[]>`
      select club_id, home_score, away_score from match_reports
      where federation_id = ${workspace.federationId} and match_id = ${match.id}`;
    // Only the clubs of the match report, so agreement is: each has reported, all the same score.
    const agreed = clubsOf(match).every((club) => reports.some((r) => r.club_id === club))
      && reports.every((r) => r.home_score === home_score && r.away_score === away_score);
    if (!agreed) return matches.update(unit, match);
    const { to, done } = transitionFrom(matchMachine, 'play', match);
    const played = await matches.update(unit, match, { status: to, home_score, away_score, result_source: 'reports' }, done);
    await completeIfDone(unit, played.competition_id);
    return played;
  },
};

// club.results.report: agreeing reports make the match played and may complete the competition;
// disagreeing ones leave it open for the federation (federation.matches.result).
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { newClub, createFederation, createMatch, createClosedCompetition, generateFixtures, type Tenant } from '../../support/factories.js';

const service = await startService(t);
const report = (club: Tenant, match: string, home_score: number, away_score: number, headers: Record<string, string> = {}) =>
  club.call('POST', `/v1/club/matches/${match}/result-report`, { home_score, away_score }, { headers });

/** A league of two clubs, its one match kicked off in the past. */
async function setup() {
  const federation = await createFederation(service);
  const home = await newClub(service, federation.id);
  const away = await newClub(service, federation.id);
  const league = await createClosedCompetition(service, federation, [{ club: home, name: 'Home' }, { club: away, name: 'Away' }]);
  await generateFixtures(federation, league.id, { first_round_on: '2020-05-02' });
  const match = (await walkPages(federation, `/v1/federation/matches?competition_id=${league.id}`)).rows[0];
  // The fixtures put the first entry at home in round 1.
  return { federation, home, away, league, match: match.id as string };
}

const competitionStatus = async (federation: Tenant, id: string) =>
  (await federation.call('GET', `/v1/federation/competitions/${id}`)).body.data.status;

t.test('one report: recorded, the match still to be decided, every party hears of it', async (t) => {
  const { federation, home, away, match } = await setup();
  const res = await report(home, match, 2, 1);
  t.equal(res.status, 200);
  t.match(res.body.data, { status: 'scheduled', home_score: null, away_score: null, result_source: null, version: 2 });
  t.same(res.body.data.reports.map((r: any) => [r.club_id, r.home_score, r.away_score]), [[home.id, 2, 1]]);
  for (const party of [home, away, federation]) t.same((await feedOf(party)).at(-1), ['match', match, 'updated', 2]);
});

t.test('both reports agree: played with result_source reports, the competition completed', async (t) => {
  const { federation, home, away, league, match } = await setup();
  await report(home, match, 3, 3);
  const res = await report(away, match, 3, 3);
  t.equal(res.status, 200);
  t.match(res.body.data, { status: 'played', home_score: 3, away_score: 3, result_source: 'reports', version: 3 });
  t.equal(res.body.data.reports.length, 2);
  t.same((await feedOf(away)).slice(-2), [['match', match, 'played', 3], ['competition', league.id, 'completed', 3]]);
  t.equal(await competitionStatus(federation, league.id), 'completed');
  const table = (await federation.call('GET', `/v1/federation/competitions/${league.id}/standings`)).body.data.rows;
  t.same(table.map((r: any) => [r.team_name, r.played, r.drawn, r.points]), [['Away', 1, 1, 1], ['Home', 1, 1, 1]]);
  const again = await report(home, match, 4, 3);
  t.equal(again.status, 409, 'a played match takes no more reports');
  t.equal(again.body.code, 'invalid_state');
});

t.test('disagreeing reports leave the match open; a corrected report that agrees decides it', async (t) => {
  const { home, away, match } = await setup();
  await report(home, match, 1, 0);
  const res = await report(away, match, 0, 1);
  t.equal(res.body.data.status, 'scheduled');
  t.same(res.body.data.reports.map((r: any) => [r.club_id, r.home_score, r.away_score]), [[home.id, 1, 0], [away.id, 0, 1]]);
  const fixed = await report(away, match, 1, 0);
  t.match(fixed.body.data, { status: 'played', home_score: 1, away_score: 0, result_source: 'reports' });
  t.same(fixed.body.data.reports.map((r: any) => [r.club_id, r.home_score]).sort(), [[away.id, 1], [home.id, 1]].sort());
});

t.test('before kickoff, on a cancelled match, or for a club not party: refused, nothing recorded', async (t) => {
  const federation = await createFederation(service);
  const home = await newClub(service, federation.id);
  const future = await createMatch(service, home, undefined, { scheduled_at: '2099-01-01T12:00:00.000Z' });
  const early = await report(home, future, 1, 0);
  t.equal(early.status, 409);
  t.equal(early.body.code, 'invalid_state');
  t.match(early.body.detail, /after kickoff/);
  const cancelled = await createMatch(service, home, undefined, { status: 'cancelled', scheduled_at: '2020-01-01T12:00:00.000Z' });
  t.equal((await report(home, cancelled, 1, 0)).status, 409);
  const outsider = await newClub(service, federation.id);
  const past = await createMatch(service, home, undefined, { scheduled_at: '2020-01-01T12:00:00.000Z' });
  const res = await report(outsider, past, 1, 0);
  t.equal(res.status, 404);
  t.equal(res.body.code, 'not_found');
  const [row] = await service.sql`select count(*)::int as n from match_reports where match_id in (${future}, ${cancelled}, ${past})`;
  t.equal(row!.n, 0);
});

t.test('bad scores are 422 naming the field; a stale If-Match is 412; nothing recorded', async (t) => {
  const { home, match } = await setup();
  for (const [body, path] of [[{ home_score: -1, away_score: 0 }, '/home_score'], [{ home_score: 1.5, away_score: 0 }, '/home_score'],
    [{ home_score: 1 }, '/away_score'], [{ home_score: 1, away_score: '2' }, '/away_score'], [{ home_score: 1, away_score: 1, winner: 'home' }, '/winner']] as const) {
    const res = await home.call('POST', `/v1/club/matches/${match}/result-report`, body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.same(res.body.errors.map((e: any) => e.path), [path]);
  }
  t.equal((await report(home, match, 1, 0, { 'if-match': '"7"' })).status, 412);
  t.same((await home.call('GET', `/v1/club/matches/${match}`)).body.data.reports, []);
});

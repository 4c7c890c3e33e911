// federation.matches.result: the federation decides a disputed match or corrects a played one (the
// table follows); the last result completes the competition, also when two commit at once; a
// cancelled match is 409, another federation's 404, a bad score 422.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { newClub, createCompetition, createFederation, createMatch, createClosedCompetition, generateFixtures, type Tenant } from '../../support/factories.js';

const service = await startService(t);
const report = (club: Tenant, match: string, home_score: number, away_score: number) =>
  club.call('POST', `/v1/club/matches/${match}/result-report`, { home_score, away_score });
const decide = (federation: Tenant, match: string, home_score: number, away_score: number | string) =>
  federation.call('POST', `/v1/federation/matches/${match}/result`, { home_score, away_score });
const competitionStatus = async (federation: Tenant, id: string) =>
  (await federation.call('GET', `/v1/federation/competitions/${id}`)).body.data.status;

/** A scheduled league of two clubs and its one match, kicked off in the past. */
async function setup() {
  const federation = await createFederation(service);
  const [home, away] = [await newClub(service, federation.id), await newClub(service, federation.id)];
  const league = await createCompetition(service, federation.id, { status: 'scheduled' });
  const match = await createMatch(service, home, away, { competition_id: league, scheduled_at: '2020-05-02T13:00:00.000Z' });
  return { federation, home, away, league: { id: league }, match };
}

t.test('the federation decides a disputed match, and corrects a played one (version bumped, table follows)', async (t) => {
  const { federation, home, away, league, match } = await setup();
  await report(home, match, 1, 0);
  await report(away, match, 0, 1);
  const decided = await decide(federation, match, 2, 2);
  t.equal(decided.status, 200);
  t.match(decided.body.data, { status: 'played', home_score: 2, away_score: 2, result_source: 'federation', version: 4 });
  t.equal(decided.body.data.reports.length, 2, 'the reports are kept');
  const corrected = await decide(federation, match, 0, 3);
  t.match(corrected.body.data, { home_score: 0, away_score: 3, result_source: 'federation', version: 5 });
  t.same((await feedOf(home)).filter((r) => r[0] === 'match').slice(-2), [['match', match, 'result_recorded', 4], ['match', match, 'result_recorded', 5]]);
  const table = (await federation.call('GET', `/v1/federation/competitions/${league.id}/standings`)).body.data.rows;
  t.same(table.map((r: any) => [r.team_name, r.points, r.goals_for, r.goals_against]), [['Away team', 3, 3, 0], ['Home team', 0, 0, 3]]);
  t.equal(await competitionStatus(federation, league.id), 'completed');
});

t.test('a cancelled match is 409, another federation\'s 404, a bad score 422: nothing recorded', async (t) => {
  const federation = await createFederation(service);
  const home = await newClub(service, federation.id);
  const cancelled = await createMatch(service, home, undefined, { status: 'cancelled' });
  const refused = await decide(federation, cancelled, 1, 0);
  t.equal(refused.status, 409);
  t.equal(refused.body.code, 'invalid_state');
  const stranger = await createFederation(service);
  const match = await createMatch(service, home);
  t.equal((await decide(stranger, match, 1, 0)).status, 404);
  const bad = await decide(federation, match, -1, '2');
  t.equal(bad.status, 422);
  t.same(bad.body.errors.map((e: { path: string }) => e.path).sort(), ['/away_score', '/home_score']);
  t.same(await service.sql`select status, version from matches where id in ${service.sql([cancelled, match])} order by id`,
    [{ status: 'cancelled', version: 1 }, { status: 'scheduled', version: 1 }]);
  t.same(await feedOf(federation), []);
});

t.test('two last results at once: the competition completes exactly once', async (t) => {
  const federation = await createFederation(service);
  const clubs = [await newClub(service, federation.id), await newClub(service, federation.id), await newClub(service, federation.id)];
  const league = await createClosedCompetition(service, federation, clubs.map((club, i) => ({ club, name: `T${i}` })));
  await generateFixtures(federation, league.id, { first_round_on: '2020-05-02' });
  const matches = (await walkPages(federation, `/v1/federation/matches?competition_id=${league.id}`)).ids;
  t.equal(matches.length, 3);
  t.equal((await decide(federation, matches[0]!, 1, 0)).status, 200);
  const answers = await Promise.all([decide(federation, matches[1]!, 2, 0), decide(federation, matches[2]!, 0, 2)]);
  t.same(answers.map((r) => r.status), [200, 200]);
  t.equal(await competitionStatus(federation, league.id), 'completed');
  t.equal((await feedOf(federation)).filter((r) => r[0] === 'competition' && r[2] === 'completed').length, 1);
});

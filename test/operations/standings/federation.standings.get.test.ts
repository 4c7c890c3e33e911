// federation.standings.get and the club's competition view: one table, from played matches only,
// tied on points and broken by goal difference and then goals for, following every result at once.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { newClub, createCompetition, createFederation, createClosedCompetition, generateFixtures } from '../../support/factories.js';

const service = await startService(t);

const federation = await createFederation(service);
const clubs = [await newClub(service, federation.id), await newClub(service, federation.id), await newClub(service, federation.id), await newClub(service, federation.id)];
const names = ['Ajax', 'Bravo', 'Celtic', 'Dynamo'];
const league = await createClosedCompetition(service, federation, clubs.map((club, i) => ({ club, name: names[i]! })));
await generateFixtures(federation, league.id, { first_round_on: '2020-03-07' });
const [A, B, C, D] = league.entries as [string, string, string, string];
const matches = (await walkPages(federation, `/v1/federation/matches?competition_id=${league.id}`)).rows;
const standingsPath = `/v1/federation/competitions/${league.id}/standings`;

/** Posts the federation's result of the match between x and y, scores given as x's and y's. */
async function result(x: string, y: string, xs: number, ys: number) {
  const m = matches.find((m: any) => [m.home.entry_id, m.away.entry_id].sort().join() === [x, y].sort().join())!;
  const [home_score, away_score] = m.home.entry_id === x ? [xs, ys] : [ys, xs];
  const res = await federation.call('POST', `/v1/federation/matches/${m.id}/result`, { home_score, away_score });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}

const table = async () => (await federation.call('GET', standingsPath)).body.data;
const row = (rank: number, entry: string, p: number[]) => {
  const [played, won, drawn, lost, goals_for, goals_against, points] = p as [number, number, number, number, number, number, number];
  const i = league.entries.indexOf(entry);
  return { rank, entry_id: entry, club_id: clubs[i]!.id, team_id: matches.flatMap((m: any) => [m.home, m.away]).find((s: any) => s.entry_id === entry).team_id,
    team_name: names[i], played, won, drawn, lost, goals_for, goals_against, goal_difference: goals_for - goals_against, points };
};

t.test('before any result: every accepted entry has a row of zeros, by name', async (t) => {
  const res = await federation.call('GET', standingsPath);
  t.equal(res.status, 200);
  t.same(res.body.data, {
    competition_id: league.id, competition_status: 'scheduled',
    rows: [row(1, A, [0, 0, 0, 0, 0, 0, 0]), row(2, B, [0, 0, 0, 0, 0, 0, 0]), row(3, C, [0, 0, 0, 0, 0, 0, 0]), row(4, D, [0, 0, 0, 0, 0, 0, 0])],
  });
});

t.test('each result shows at once; ties on points go to goal difference, then goals for', async (t) => {
  await result(A, B, 2, 0);
  t.same((await table()).rows.map((r: any) => [r.entry_id, r.points]), [[A, 3], [C, 0], [D, 0], [B, 0]]);
  await result(C, D, 1, 0);
  await result(A, C, 0, 0);
  await result(B, D, 3, 3);
  await result(A, D, 0, 1);
  t.equal((await federation.call('GET', `/v1/federation/competitions/${league.id}`)).body.data.status, 'scheduled', 'one match still to play');
  const last = await result(B, C, 2, 1);
  t.equal(last.status, 'played');
  // All on 4 points: A +1; C and D level on 0, D with more goals; B −1.
  t.same((await table()).rows, [
    row(1, A, [3, 1, 1, 1, 2, 1, 4]), row(2, D, [3, 1, 1, 1, 4, 4, 4]), row(3, C, [3, 1, 1, 1, 2, 2, 4]), row(4, B, [3, 1, 1, 1, 5, 6, 4]),
  ]);
});

t.test('the last result completed the competition in its own transaction', async (t) => {
  const competition = (await federation.call('GET', `/v1/federation/competitions/${league.id}`)).body.data;
  t.equal(competition.status, 'completed');
  t.equal((await table()).competition_status, 'completed');
  const feed = await feedOf(federation);
  const completed = feed.findIndex((r) => r[0] === 'competition' && r[2] === 'completed');
  t.ok(completed > 0);
  t.same(feed[completed - 1]![0], 'match', 'recorded right after the last result');
});

t.test('a correction re-ranks the table; the club sees the same table as the federation', async (t) => {
  await result(A, D, 3, 1);
  const rows = (await table()).rows;
  t.same(rows.map((r: any) => [r.entry_id, r.points]), [[A, 7], [C, 4], [B, 4], [D, 1]]);
  for (const club of clubs) {
    const view = (await club.call('GET', `/v1/club/competitions/${league.id}`)).body.data;
    t.same(view.standings, rows);
  }
});

t.test('a competition without accepted entries has an empty table; another federation\'s is 404', async (t) => {
  const empty = await createCompetition(service, federation.id);
  t.same((await federation.call('GET', `/v1/federation/competitions/${empty}/standings`)).body.data.rows, []);
  const other = await createFederation(service);
  const res = await other.call('GET', standingsPath);
  t.equal(res.status, 404);
  t.equal(res.body.code, 'not_found');
});

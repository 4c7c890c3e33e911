// club.matches.list/.get and federation.matches.list/.get: a club sees the matches it plays (a
// match between two of its own teams once), the federation all of its own; ordered by
// scheduled_at then id; every filter; a club not party to a match gets 404.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { backdate, newClub, createFederation, createMatch, createClosedCompetition, generateFixtures } from '../../support/factories.js';

const service = await startService(t);
const federation = await createFederation(service);
const [a, b, c] = [await newClub(service, federation.id), await newClub(service, federation.id), await newClub(service, federation.id)];
// Club a enters two teams: the match between them is one of a's matches, listed once.
const league = await createClosedCompetition(service, federation,
  [{ club: a, name: 'A1' }, { club: a, name: 'A2' }, { club: b, name: 'B' }, { club: c, name: 'C' }]);
await generateFixtures(federation, league.id, { first_round_on: '2031-04-05', days_between_rounds: 7 });
const cup = await createClosedCompetition(service, federation, [{ club: a, name: 'A cup' }, { club: b, name: 'B cup' }]);
await generateFixtures(federation, cup.id, { first_round_on: '2031-04-05', kickoff_time: '15:00' });
const all = (await walkPages(federation, '/v1/federation/matches?limit=100')).rows;
const plays = (club: string) => (m: any) => m.home.club_id === club || m.away.club_id === club;
const ordered = (rows: any[]) => [...rows].sort((x, y) => x.scheduled_at.localeCompare(y.scheduled_at) || Number(x.id) - Number(y.id)).map((m) => m.id);

t.test('the federation\'s list: every match of both competitions, by scheduled_at then id', async (t) => {
  t.equal(all.length, 7);
  t.same(all.map((m: any) => m.id), ordered(all));
  const walked = await walkPages(federation, '/v1/federation/matches?limit=2');
  t.same(walked.ids, all.map((m: any) => m.id));
  t.equal(walked.pages, 4);
});

t.test('a club\'s list: the matches it plays, home or away, each once, same order', async (t) => {
  const mine = all.filter(plays(a.id));
  t.equal(mine.length, 6, 'five league matches with A1 or A2 (one between them) and the cup match');
  const walked = await walkPages(a, '/v1/club/matches?limit=1');
  t.same(walked.ids, mine.map((m: any) => m.id));
  t.same((await walkPages(c, '/v1/club/matches')).ids, all.filter(plays(c.id)).map((m: any) => m.id));
});

t.test('club filters: team, competition, status and a date window', async (t) => {
  const a2 = league.entries[1]!;
  const a2Team = all.flatMap((m: any) => [m.home, m.away]).find((s: any) => s.entry_id === a2).team_id;
  const ids = async (q: string) => (await walkPages(a, `/v1/club/matches?${q}`)).ids;
  t.same(await ids(`team_id=${a2Team}`), all.filter((m: any) => m.home.team_id === a2Team || m.away.team_id === a2Team).map((m: any) => m.id));
  t.same(await ids(`competition_id=${cup.id}`), all.filter((m: any) => m.competition_id === cup.id).map((m: any) => m.id));
  t.same(await ids('from=2031-04-12T00:00:00Z&to=2031-04-12T23:59:59Z'),
    all.filter(plays(a.id)).filter((m: any) => m.scheduled_at.startsWith('2031-04-12')).map((m: any) => m.id));
  t.same(await ids('status=played'), []);
  await federation.call('PATCH', `/v1/federation/matches/${all.find(plays(a.id)).id}`, { status: 'postponed' });
  t.same(await ids('status=postponed'), [all.find(plays(a.id)).id]);
});

t.test('federation filters: club, round, competition, updated_since', async (t) => {
  const ids = async (q: string) => (await walkPages(federation, `/v1/federation/matches?${q}`)).ids;
  t.same(await ids(`club_id=${b.id}`), all.filter(plays(b.id)).map((m: any) => m.id));
  t.same(await ids(`competition_id=${league.id}&round=2`), all.filter((m: any) => m.competition_id === league.id && m.round === 2).map((m: any) => m.id));
  t.same(await ids(`club_id=${a.id}&competition_id=${league.id}&round=3`),
    all.filter((m: any) => m.competition_id === league.id && m.round === 3).filter(plays(a.id)).map((m: any) => m.id));
  await backdate(service, 'matches', all.slice(1).map((m: any) => m.id), '2020-01-01T00:00:00Z');
  t.same(await ids('updated_since=2021-01-01T00:00:00Z'), [all[0].id]);
  for (const q of ['round=0', 'round=x', 'status=finished', 'from=yesterday', 'club=1', 'cursor=abc']) {
    const res = await federation.call('GET', `/v1/federation/matches?${q}`);
    t.equal(res.status, 400, q);
    t.match(res.body.code, /^invalid_(query|cursor)$/, q);
  }
  t.equal((await a.call('GET', '/v1/club/matches?round=1')).status, 400, 'round is the federation\'s filter');
});

t.test('get: the club sees its own lineup (none yet), the federation both; a club not party is 404', async (t) => {
  const m = all.find((x: any) => plays(b.id)(x) && !plays(c.id)(x));
  const club = await b.call('GET', `/v1/club/matches/${m.id}`);
  t.equal(club.status, 200);
  t.equal(club.headers.get('etag'), `"${club.body.data.version}"`);
  t.equal(club.body.data.lineup, null);
  t.equal(club.body.data.lineups, undefined);
  const fed = await federation.call('GET', `/v1/federation/matches/${m.id}`);
  t.same(fed.body.data.lineups, []);
  t.equal(fed.body.data.lineup, undefined);
  const { lineups: _l, ...fedRest } = fed.body.data;
  const { lineup: _m, ...clubRest } = club.body.data;
  t.same(fedRest, clubRest);
  const outsider = await c.call('GET', `/v1/club/matches/${m.id}`);
  t.equal(outsider.status, 404);
  t.equal(outsider.body.code, 'not_found');
  const stranger = await createFederation(service);
  t.equal((await stranger.call('GET', `/v1/federation/matches/${m.id}`)).status, 404);
  t.same((await walkPages(await newClub(service, stranger.id), '/v1/club/matches')).ids, []);
});

t.test('a new club of the federation lists only the match it plays', async (t) => {
  const d = await newClub(service, federation.id);
  const own = await createMatch(service, d);
  t.same((await walkPages(d, '/v1/club/matches')).ids, [own]);
});

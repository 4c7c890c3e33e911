// club.matches.list: a club sees the matches it plays (a match between two of its own teams once),
// ordered by scheduled_at then id; every filter.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { newClub, createFederation, createMatch, createClosedCompetition, generateFixtures } from '../../support/factories.js';

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

t.test('a new club of the federation lists only the match it plays; one of another federation none', async (t) => {
  const d = await newClub(service, federation.id);
  const own = await createMatch(service, d);
  t.same((await walkPages(d, '/v1/club/matches')).ids, [own]);
  const stranger = await createFederation(service);
  t.same((await walkPages(await newClub(service, stranger.id), '/v1/club/matches')).ids, [], 'nothing of another federation');
});

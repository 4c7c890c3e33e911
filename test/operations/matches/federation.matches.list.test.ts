// federation.matches.list: every match of the federation's competitions, by scheduled_at then id;
// filtered by club, competition, round and updated_since; never another federation's.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { backdate, newClub, createFederation, createMatch, createClosedCompetition, generateFixtures } from '../../support/factories.js';

const service = await startService(t);
const federation = await createFederation(service);
const clubs = [await newClub(service, federation.id), await newClub(service, federation.id), await newClub(service, federation.id)];
// Three teams: three rounds of one match each (one team rests); the cup's one match on the first day.
const league = await createClosedCompetition(service, federation, clubs.map((club, i) => ({ club, name: `L${i}` })));
await generateFixtures(federation, league.id, { first_round_on: '2031-04-05', days_between_rounds: 7 });
const cup = await createClosedCompetition(service, federation, [{ club: clubs[0]!, name: 'Cup A' }, { club: clubs[1]!, name: 'Cup B' }]);
await generateFixtures(federation, cup.id, { first_round_on: '2031-04-05', kickoff_time: '09:00' });
await createMatch(service, await newClub(service, (await createFederation(service)).id));
const all = (await walkPages(federation, '/v1/federation/matches?limit=100')).rows;
const plays = (club: string) => (m: any) => m.home.club_id === club || m.away.club_id === club;
const ids = async (q: string) => (await walkPages(federation, `/v1/federation/matches?${q}`)).ids;

t.test('every match of both competitions, by scheduled_at then id, paged; none of another federation', async (t) => {
  t.equal(all.length, 4);
  const ordered = [...all].sort((x, y) => x.scheduled_at.localeCompare(y.scheduled_at) || Number(x.id) - Number(y.id));
  t.same(all.map((m: any) => m.id), ordered.map((m: any) => m.id));
  t.equal(all[0].competition_id, cup.id, 'the cup kicks off first on the first day');
  const walked = await walkPages(federation, '/v1/federation/matches?limit=2');
  t.same(walked.ids, all.map((m: any) => m.id));
  t.equal(walked.pages, 2);
});

t.test('filters: club, round, competition, updated_since; a bad one is 400', async (t) => {
  t.same(await ids(`club_id=${clubs[2]!.id}`), all.filter(plays(clubs[2]!.id)).map((m: any) => m.id));
  t.same(await ids(`competition_id=${league.id}&round=2`), all.filter((m: any) => m.competition_id === league.id && m.round === 2).map((m: any) => m.id));
  t.same(await ids(`club_id=${clubs[0]!.id}&competition_id=${cup.id}`), all.filter((m: any) => m.competition_id === cup.id).map((m: any) => m.id));
  await backdate(service, 'matches', all.slice(1).map((m: any) => m.id), '2020-01-01T00:00:00Z');
  t.same(await ids('updated_since=2021-01-01T00:00:00Z'), [all[0].id]);
  for (const q of ['round=0', 'round=x', 'status=finished', 'from=yesterday', 'club=1', 'cursor=abc']) {
    const res = await federation.call('GET', `/v1/federation/matches?${q}`);
    t.equal(res.status, 400, q);
    t.match(res.body.code, /^invalid_(query|cursor)$/, q);
  }
});

// federation.competitions.schedule: the fixtures module's round robin, written as matches in the
// transaction that makes the competition scheduled.
import t from 'tap';
import { fixtures } from '../../../src/resources/fixtures.js';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { newClub, createClub, createCompetition, createEntry, createFederation, type Tenant } from '../../support/factories.js';

const service = await startService(t);
const schedule = (federation: Tenant, id: string, body: unknown = {}) =>
  federation.call('POST', `/v1/federation/competitions/${id}/fixtures`, body);
const matchCount = async (competition: string) =>
  (await service.sql`select count(*)::int as n from matches where competition_id = ${competition}`)[0]!.n as number;

async function league(accepted: number, legs: 1 | 2 = 1) {
  const federation = await createFederation(service);
  const clubs = [await newClub(service, federation.id), await newClub(service, federation.id), await newClub(service, federation.id)];
  const id = await createCompetition(service, federation.id, { status: 'closed', legs, starts_on: '2031-03-01' });
  const entries: string[] = [];
  for (let i = 0; i < accepted; i++) entries.push(await createEntry(service, clubs[i % 3]!, id, { status: 'accepted', team_name: `Team ${i}` }));
  await createEntry(service, clubs[0]!, id, { status: 'rejected' });
  await createEntry(service, clubs[1]!, id, { status: 'withdrawn' });
  return { federation, clubs, id, entries };
}

t.test('fewer than two accepted entries: 422 not_enough_entries, still closed, no match', async (t) => {
  for (const n of [0, 1]) {
    const { federation, id } = await league(n);
    const res = await schedule(federation, id);
    t.equal(res.status, 422);
    t.equal(res.body.code, 'rule_violation');
    t.equal(res.body.reason, 'not_enough_entries');
    t.equal((await federation.call('GET', `/v1/federation/competitions/${id}`)).body.data.status, 'closed');
    t.equal(await matchCount(id), 0);
  }
});

t.test('five accepted entries, two legs: the fixtures module\'s schedule, written as matches', async (t) => {
  const { federation, clubs, id, entries } = await league(5, 2);
  const res = await schedule(federation, id, { first_round_on: '2031-03-08', days_between_rounds: 3, kickoff_time: '18:45' });
  t.equal(res.status, 200);
  t.equal(res.body.data.status, 'scheduled');
  t.equal(res.body.data.version, 2);
  const matches = (await walkPages(federation, `/v1/federation/matches?competition_id=${id}&limit=100`)).rows;
  t.equal(matches.length, 20);
  const expected = fixtures(entries, { legs: 2, firstRoundOn: '2031-03-08', daysBetweenRounds: 3, kickoffTime: '18:45' });
  const key = (round: number, home: string, away: string, at: string) => `${round} ${home}-${away} ${at}`;
  t.same(matches.map((m: any) => key(m.round, m.home.entry_id, m.away.entry_id, m.scheduled_at)).sort(),
    expected.map((f) => key(f.round, f.home, f.away, f.scheduledAt.toISOString())).sort());
  t.equal(matches[0].scheduled_at, '2031-03-08T18:45:00.000Z');
  t.equal(matches.at(-1).scheduled_at, '2031-04-04T18:45:00.000Z', 'round 10, nine gaps of three days');
  const m = matches[0];
  t.match(m, { status: 'scheduled', venue: null, home_score: null, away_score: null, result_source: null, reports: [], officials: [], version: 1 });
  t.equal(m.home.team_name, `Team ${entries.indexOf(m.home.entry_id)}`);
  t.equal(m.home.club_id, clubs[entries.indexOf(m.home.entry_id) % 3]!.id);
  // Each club's feed: the competition scheduled, and the matches it plays.
  for (const club of clubs) {
    const feed = await feedOf(club);
    const own = matches.filter((x: any) => x.home.club_id === club.id || x.away.club_id === club.id).map((x: any) => x.id).sort();
    t.same(feed.filter((r) => r[0] === 'match').map((r) => r[1]).sort(), own);
    t.ok(feed.some((r) => r[0] === 'competition' && r[2] === 'scheduled'));
  }
  t.equal((await feedOf(federation)).filter((r) => r[0] === 'match' && r[2] === 'created').length, 20);
});

t.test('defaults: the competition\'s starts_on, a week apart, 15:00 UTC', async (t) => {
  const { federation, id } = await league(4);
  t.equal((await schedule(federation, id)).status, 200);
  const matches = (await walkPages(federation, `/v1/federation/matches?competition_id=${id}`)).rows;
  t.same([...new Set(matches.map((m: any) => m.scheduled_at))], ['2031-03-01T15:00:00.000Z', '2031-03-08T15:00:00.000Z', '2031-03-15T15:00:00.000Z']);
});

t.test('bad bodies are 422 and schedule nothing', async (t) => {
  const { federation, id } = await league(2);
  for (const [body, path] of [[{ kickoff_time: '24:00' }, '/kickoff_time'], [{ kickoff_time: '9:30' }, '/kickoff_time'],
    [{ days_between_rounds: 0 }, '/days_between_rounds'], [{ first_round_on: '2031-13-01' }, '/first_round_on'], [{ legs: 2 }, '/legs']] as const) {
    const res = await schedule(federation, id, body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.same(res.body.errors.map((e: any) => e.path), [path]);
  }
  t.equal(await matchCount(id), 0);
});

t.test('a first round so late that a later round would fall after 9999-12-31: 422 naming /first_round_on, nothing scheduled', async (t) => {
  const { federation, id } = await league(2, 2);
  for (const body of [{ first_round_on: '9999-12-31' }, { first_round_on: '9999-12-20', days_between_rounds: 30 }]) {
    const res = await schedule(federation, id, body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.equal(res.body.code, 'validation_failed');
    t.same(res.body.errors.map((e: any) => e.path), ['/first_round_on']);
  }
  t.equal(await matchCount(id), 0);
  t.equal((await federation.call('GET', `/v1/federation/competitions/${id}`)).body.data.status, 'closed');
  t.equal((await schedule(federation, id, { first_round_on: '9999-12-24' })).status, 200, 'the last day that fits is accepted');
});

t.test('65 accepted entries: 422 too_many_entries, still closed, no match', async (t) => {
  const { federation, id } = await league(65);
  const res = await schedule(federation, id);
  t.equal(res.status, 422);
  t.equal(res.body.reason, 'too_many_entries');
  t.equal((await federation.call('GET', `/v1/federation/competitions/${id}`)).body.data.status, 'closed');
  t.equal(await matchCount(id), 0);
});

t.test('64 accepted entries, two legs: 4 032 matches and their change rows, while another club\'s GET /v1/me keeps being answered', async (t) => {
  const { federation, clubs, id } = await league(64, 2);
  const other = await createClub(service);
  const changesBefore = (await service.sql`select count(*)::int as n from changes where resource_type = 'match' and workspace_id = ${federation.id}`)[0]!.n;
  // Four pollers, each as a partner's client would poll: every poll waits for the previous
  // answer. What the service controls is that the fixtures never hold its event loop or its
  // connections for their whole run: polls sent after the fixtures began are answered before the
  // fixtures are. Held, none would be. How fast they are is the bench's to say.
  const polls: { started: number; ended: number }[] = [];
  const poll = () => Promise.all([0, 1, 2, 3].map(async () => {
    const started = performance.now();
    t.equal((await other.call('GET', '/v1/me')).status, 200);
    polls.push({ started, ended: performance.now() });
  }));
  let done = false;
  const began = performance.now();
  let ended = 0;
  const fixturesRequest = schedule(federation, id).finally(() => { done = true; ended = performance.now(); });
  while (!done) await poll();
  const res = await fixturesRequest;
  t.equal(res.status, 200, `${JSON.stringify(res.body)} after ${(ended - began).toFixed(0)} ms`);
  t.equal(res.body.data.status, 'scheduled');
  t.equal(await matchCount(id), 64 * 63);
  const during = polls.filter((p) => p.started >= began && p.ended <= ended).length;
  t.ok(during >= 4, `${during} polls sent after the fixtures began were answered before them (${(ended - began).toFixed(0)} ms)`);
  const after = (await service.sql`select count(*)::int as n from changes where resource_type = 'match' and workspace_id = ${federation.id}`)[0]!.n;
  t.equal(after - changesBefore, 64 * 63, 'the federation\'s feed has every match once');
  const clubRows = await service.sql`select count(*)::int as n from changes where resource_type = 'match' and workspace_id = any(${clubs.map((c) => c.id)}::bigint[])`;
  const played = await service.sql`
    select sum(case when home_club_id = away_club_id then 1 else 2 end)::int as n from matches where competition_id = ${id}`;
  t.equal(clubRows[0]!.n, played[0]!.n, 'each club\'s feed has each of its matches once, a derby once');
});

// federation.matches.update: scheduled ↔ postponed, → cancelled, moved in time or place; a played
// or cancelled match is final here; a moved match takes its officials along.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { newClub, createFederation, createMatch, createOfficial, createClosedCompetition, generateFixtures, type Tenant } from '../../support/factories.js';

const service = await startService(t);
const patch = (federation: Tenant, id: string, body: unknown, headers: Record<string, string> = {}) =>
  federation.call('PATCH', `/v1/federation/matches/${id}`, body, { headers });

async function setup(status: 'scheduled' | 'postponed' | 'played' | 'cancelled' = 'scheduled') {
  const federation = await createFederation(service);
  const home = await newClub(service, federation.id);
  return { federation, home, match: await createMatch(service, home, undefined, { status }) };
}

t.test('postpone, reschedule, move and cancel: each recorded under its own action', async (t) => {
  const { federation, home, match } = await setup();
  const postponed = await patch(federation, match, { status: 'postponed' });
  t.equal(postponed.status, 200);
  t.match(postponed.body.data, { status: 'postponed', version: 2 });
  const moved = await patch(federation, match, { status: 'scheduled', scheduled_at: '2030-09-14T12:30:00+02:00', venue: 'Sportpark Zuid' });
  t.match(moved.body.data, { status: 'scheduled', scheduled_at: '2030-09-14T10:30:00.000Z', venue: 'Sportpark Zuid', version: 3 });
  const cleared = await patch(federation, match, { venue: null }, { 'if-match': '"3"' });
  t.match(cleared.body.data, { venue: null, version: 4 });
  const cancelled = await patch(federation, match, { status: 'cancelled' });
  t.match(cancelled.body.data, { status: 'cancelled', version: 5 });
  t.same((await feedOf(home)).filter((r) => r[0] === 'match'), [
    ['match', match, 'postponed', 2], ['match', match, 'rescheduled', 3], ['match', match, 'updated', 4], ['match', match, 'cancelled', 5],
  ]);
});

t.test('nothing to change: the match as it is, version kept', async (t) => {
  const { federation, match } = await setup();
  const current = (await federation.call('GET', `/v1/federation/matches/${match}`)).body.data;
  t.same((await patch(federation, match, {})).body.data, current);
  t.same((await patch(federation, match, { status: 'scheduled', scheduled_at: current.scheduled_at, venue: null })).body.data, current);
});

t.test('a played or cancelled match is final here: 409 invalid_state, unchanged', async (t) => {
  for (const status of ['played', 'cancelled'] as const) {
    const { federation, match } = await setup(status);
    const before = (await federation.call('GET', `/v1/federation/matches/${match}`)).body.data;
    for (const body of [{ status: 'scheduled' }, { venue: 'Elsewhere' }]) {
      const res = await patch(federation, match, body);
      t.equal(res.status, 409, `${status}: ${JSON.stringify(body)}`);
      t.equal(res.body.code, 'invalid_state');
    }
    t.same((await federation.call('GET', `/v1/federation/matches/${match}`)).body.data, before);
  }
});

t.test('bad bodies are 422: a result is not set here, nor the teams', async (t) => {
  const { federation, match } = await setup();
  for (const [body, path] of [[{ status: 'played' }, '/status'], [{ scheduled_at: '2030-09-14' }, '/scheduled_at'],
    [{ venue: '' }, '/venue'], [{ home_score: 1 }, '/home_score'], [{ round: 2 }, '/round']] as const) {
    const res = await patch(federation, match, body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.same(res.body.errors.map((e: any) => e.path), [path]);
  }
});

t.test('the last open match cancelled completes the competition', async (t) => {
  const federation = await createFederation(service);
  const [a, b] = [await newClub(service, federation.id), await newClub(service, federation.id)];
  const league = await createClosedCompetition(service, federation, [{ club: a, name: 'A' }, { club: b, name: 'B' }], { legs: 2 });
  await generateFixtures(federation, league.id);
  const [first, second] = (await walkPages(federation, `/v1/federation/matches?competition_id=${league.id}`)).ids;
  await federation.call('POST', `/v1/federation/matches/${first}/result`, { home_score: 1, away_score: 1 });
  t.equal((await federation.call('GET', `/v1/federation/competitions/${league.id}`)).body.data.status, 'scheduled');
  await patch(federation, second!, { status: 'cancelled' });
  t.equal((await federation.call('GET', `/v1/federation/competitions/${league.id}`)).body.data.status, 'completed');
});

t.test('a moved match takes its officials to the new day; a busy official there is 409 conflict and nothing moves', async (t) => {
  const { federation, home, match } = await setup();
  const official = await createOfficial(service, federation.id);
  const other = await createMatch(service, home, undefined, { scheduled_at: '2030-09-21T13:00:00.000Z' });
  t.equal((await federation.call('PUT', `/v1/federation/matches/${match}/officials`, { officials: [{ official_id: official, role: 'referee' }] })).status, 200);
  t.equal((await patch(federation, match, { scheduled_at: '2030-09-08T13:00:00.000Z' })).status, 200);
  const [day] = await service.sql`select match_day::text as d from match_officials where match_id = ${match}`;
  t.equal(day!.d, '2030-09-08');
  t.equal((await federation.call('PUT', `/v1/federation/matches/${other}/officials`, { officials: [{ official_id: official, role: 'referee' }] })).status, 200);
  const before = (await federation.call('GET', `/v1/federation/matches/${match}`)).body.data;
  const clash = await patch(federation, match, { scheduled_at: '2030-09-21T18:00:00.000Z' });
  t.equal(clash.status, 409);
  t.equal(clash.body.code, 'conflict');
  t.match(clash.body.detail, /another match on that UTC day/);
  t.same((await federation.call('GET', `/v1/federation/matches/${match}`)).body.data, before);
});

t.test('another federation\'s match is 404 and unchanged', async (t) => {
  const { match } = await setup();
  const stranger = await createFederation(service);
  t.equal((await patch(stranger, match, { status: 'postponed' })).status, 404);
  t.equal((await service.sql`select status from matches where id = ${match}`)[0]!.status, 'scheduled');
});

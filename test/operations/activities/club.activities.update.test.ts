import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createSeason, type Tenant } from '../../support/factories.js';

const service = await startService(t);

const get = async (club: Tenant, id: string) => (await club.call('GET', `/v1/club/activities/${id}`)).body.data;

async function setup() {
  const club = await createClub(service);
  const season = await createSeason(service, club.federationId, 'open');
  const team = (await club.call('POST', '/v1/club/teams', { name: 'U9', season_id: season, category: 'U9', gender: 'mixed' })).body.data.id;
  const activity = (await club.call('POST', '/v1/club/activities', {
    kind: 'training', title: 'Practice', team_id: team, starts_at: '2030-03-01T17:00:00Z', ends_at: '2030-03-01T18:00:00Z', location: 'Hall',
  })).body.data;
  return { club, team, activity, path: `/v1/club/activities/${activity.id}` };
}

t.test('a merge patch sets, clears and keeps fields; bumps the version; records the change', async (t) => {
  const { club, activity, path } = await setup();
  const res = await club.call('PATCH', path, { title: 'Extra practice', team_id: null, location: null, notes: 'Cones', ends_at: '2030-03-01T18:30:00Z' });
  t.equal(res.status, 200);
  t.same({ ...res.body.data, updated_at: undefined }, {
    ...activity, title: 'Extra practice', team_id: null, location: null, notes: 'Cones', ends_at: '2030-03-01T18:30:00.000Z', version: 2, updated_at: undefined,
  });
  t.same(await get(club, activity.id), res.body.data);
  t.same((await feedOf(club)).slice(-1), [['activity', activity.id, 'updated', 2]]);
  const empty = await club.call('PATCH', path, {});
  t.equal(empty.body.data.version, 2);
});

t.test('times are checked against the stored ones', async (t) => {
  const { club, activity, path } = await setup();
  const late = await club.call('PATCH', path, { starts_at: '2030-03-01T18:00:00Z' });
  t.equal(late.status, 422);
  t.same(late.body.errors, [{ path: '/ends_at', message: 'must be after starts_at' }]);
  const moved = await club.call('PATCH', path, { starts_at: '2030-03-02T17:00:00Z', ends_at: '2030-03-02T18:00:00Z' });
  t.equal(moved.status, 200);
  t.equal(moved.body.data.starts_at, '2030-03-02T17:00:00.000Z');
  t.equal(moved.body.data.version, activity.version + 1);
});

t.test('invalid patches are 422 and change nothing', async (t) => {
  const { club, activity, path } = await setup();
  const foreignTeam = await (async () => {
    const other = await createClub(service);
    const season = await createSeason(service, other.federationId, 'open');
    return (await other.call('POST', '/v1/club/teams', { name: 'X', season_id: season, category: 'U9', gender: 'mixed' })).body.data.id;
  })();
  const cases: [Record<string, unknown>, string][] = [
    [{ title: null }, '/title'], [{ kind: null }, '/kind'], [{ starts_at: null }, '/starts_at'], [{ status: 'cancelled' }, '/status'],
    [{ cancel_reason: 'x' }, '/cancel_reason'], [{ attendance: [] }, '/attendance'], [{ location: 'x'.repeat(201) }, '/location'],
    [{ team_id: foreignTeam }, '/team_id'],
  ];
  for (const [body, pointer] of cases) {
    const res = await club.call('PATCH', path, body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.same(res.body.errors.map((e: any) => e.path), [pointer]);
  }
  t.same(await get(club, activity.id), activity);
});

t.test('a cancelled activity is 409 invalid_state', async (t) => {
  const { club, path, activity } = await setup();
  await club.call('POST', `${path}/cancel`, {});
  const before = await get(club, activity.id);
  const res = await club.call('PATCH', path, { title: 'Back on' });
  t.equal(res.status, 409);
  t.equal(res.body.code, 'invalid_state');
  t.same(await get(club, activity.id), before);
});

t.test('If-Match: stale is 412 and changes nothing', async (t) => {
  const { club, path, activity } = await setup();
  const stale = await club.call('PATCH', path, { title: 'Stale' }, { headers: { 'if-match': '"3"' } });
  t.equal(stale.status, 412);
  t.same(await get(club, activity.id), activity);
  t.equal((await club.call('PATCH', path, { title: 'Fresh' }, { headers: { 'if-match': '"1"' } })).status, 200);
});

t.test('an activity of another club is 404 and stays unchanged', async (t) => {
  const { club, path, activity } = await setup();
  const intruder = await createClub(service);
  const res = await intruder.call('PATCH', path, { title: 'Taken' });
  t.equal(res.status, 404);
  t.equal(res.body.code, 'not_found');
  t.same(await get(club, activity.id), activity);
  t.same(await feedOf(intruder), []);
});

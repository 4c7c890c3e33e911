import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, type Tenant } from '../../support/factories.js';

const service = await startService(t);

const get = async (club: Tenant, id: string) => (await club.call('GET', `/v1/club/activities/${id}`)).body.data;

async function setup() {
  const club = await createClub(service);
  const activity = (await club.call('POST', '/v1/club/activities', {
    kind: 'match', title: 'Cup', starts_at: '2030-04-01T13:00:00Z', ends_at: '2030-04-01T15:00:00Z',
  })).body.data;
  return { club, activity, path: `/v1/club/activities/${activity.id}/cancel` };
}

t.test('scheduled → cancelled with a reason, recorded as cancelled', async (t) => {
  const { club, activity, path } = await setup();
  const res = await club.call('POST', path, { reason: 'Storm warning' });
  t.equal(res.status, 200);
  t.same({ ...res.body.data, updated_at: undefined }, { ...activity, status: 'cancelled', cancel_reason: 'Storm warning', version: 2, updated_at: undefined });
  t.same(await get(club, activity.id), res.body.data);
  t.same(await feedOf(club), [['activity', activity.id, 'created', 1], ['activity', activity.id, 'cancelled', 2]]);
});

t.test('without a body or reason the reason stays null', async (t) => {
  const { club, path } = await setup();
  const res = await club.call('POST', path);
  t.equal(res.status, 200);
  t.equal(res.body.data.status, 'cancelled');
  t.equal(res.body.data.cancel_reason, null);
});

t.test('cancelled → cancel is 409 invalid_state and changes nothing', async (t) => {
  const { club, activity, path } = await setup();
  await club.call('POST', path, {});
  const before = await get(club, activity.id);
  const res = await club.call('POST', path, { reason: 'again' });
  t.equal(res.status, 409);
  t.equal(res.body.code, 'invalid_state');
  t.same(await get(club, activity.id), before);
  t.equal((await feedOf(club)).length, 2);
});

t.test('invalid bodies are 422 and change nothing', async (t) => {
  const { club, activity, path } = await setup();
  for (const [body, pointer] of [[{ reason: '' }, '/reason'], [{ reason: 'x'.repeat(501) }, '/reason'], [{ why: 'x' }, '/why']] as const) {
    const res = await club.call('POST', path, body);
    t.equal(res.status, 422);
    t.same(res.body.errors.map((e: any) => e.path), [pointer]);
  }
  t.same(await get(club, activity.id), activity);
});

t.test('If-Match: stale is 412 and changes nothing', async (t) => {
  const { club, activity, path } = await setup();
  t.equal((await club.call('POST', path, {}, { headers: { 'if-match': '"2"' } })).status, 412);
  t.same(await get(club, activity.id), activity);
  t.equal((await club.call('POST', path, {}, { headers: { 'if-match': '"1"' } })).status, 200);
});

t.test('an activity of another club is 404 and stays scheduled', async (t) => {
  const { club, activity, path } = await setup();
  const intruder = await createClub(service);
  const res = await intruder.call('POST', path, {});
  t.equal(res.status, 404);
  t.same(await get(club, activity.id), activity);
  t.same(await feedOf(intruder), []);
});

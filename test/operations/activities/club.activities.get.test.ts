// club.activities.get: one activity of the club with its attendance and ETag; another club's is 404.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createActivity, createClub, newClub } from '../../support/factories.js';

const service = await startService(t);

t.test('get answers the activity as create answered it, with its ETag', async (t) => {
  const club = await createClub(service);
  const a = (await club.call('POST', '/v1/club/activities', {
    kind: 'match', title: 'Friendly', starts_at: '2030-05-01T14:00:00Z', ends_at: '2030-05-01T15:30:00Z', location: 'Field 2',
  })).body.data;
  const got = await club.call('GET', `/v1/club/activities/${a.id}`);
  t.equal(got.status, 200);
  t.equal(got.headers.get('etag'), '"1"');
  t.same(got.body.data, a);
  const cancelled = await createActivity(service, club, { status: 'cancelled' });
  t.match((await club.call('GET', `/v1/club/activities/${cancelled}`)).body.data, { id: cancelled, status: 'cancelled', attendance: [] });
});

t.test('an activity of another club of the same federation is 404 and names nothing of it', async (t) => {
  const club = await createClub(service);
  const a = (await club.call('POST', '/v1/club/activities', { kind: 'other', title: 'Secret', starts_at: '2030-01-01T10:00:00Z', ends_at: '2030-01-01T11:00:00Z' })).body.data;
  const intruder = await newClub(service, club.federationId);
  const res = await intruder.call('GET', `/v1/club/activities/${a.id}`);
  t.equal(res.status, 404);
  t.equal(res.body.code, 'not_found');
  t.notMatch(JSON.stringify(res.body), /Secret/);
});

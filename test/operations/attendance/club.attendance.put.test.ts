import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createMember, type Tenant } from '../../support/factories.js';

const service = await startService(t);

const get = async (club: Tenant, id: string) => (await club.call('GET', `/v1/club/activities/${id}`)).body.data;

async function setup() {
  const club = await createClub(service);
  const activity = (await club.call('POST', '/v1/club/activities', {
    kind: 'training', title: 'Practice', starts_at: '2030-09-01T17:00:00Z', ends_at: '2030-09-01T18:00:00Z',
  })).body.data;
  const m = await createMember(service, club);
  return { club, activity, m, path: (id: string) => `/v1/club/activities/${activity.id}/attendance/${id}` };
}

t.test('first record is 201 (no Location: club.activities.get shows it), a later one 200; each bumps the activity and records a change', async (t) => {
  const { club, activity, m, path } = await setup();
  const first = await club.call('PUT', path(m), { status: 'late', note: 'Bus delay' });
  t.equal(first.status, 201);
  t.equal(first.headers.get('location'), null, 'no Location: the row has no GET of its own; club.activities.get shows it');
  t.equal(first.body.data.id, activity.id);
  t.equal(first.body.data.version, 2);
  const row = first.body.data.attendance[0];
  t.same(Object.keys(row).sort(), ['member_id', 'note', 'recorded_at', 'status']);
  t.same({ ...row, recorded_at: undefined }, { member_id: m, status: 'late', note: 'Bus delay', recorded_at: undefined });

  const second = await club.call('PUT', path(m), { status: 'present' });
  t.equal(second.status, 200);
  t.equal(second.headers.get('location'), null);
  t.equal(second.body.data.version, 3);
  t.same(second.body.data.attendance.map((a: any) => [a.member_id, a.status, a.note]), [[m, 'present', null]]);
  t.ok(second.body.data.attendance[0].recorded_at >= row.recorded_at);
  t.same(await get(club, activity.id), second.body.data);
  t.same(await feedOf(club), [['activity', activity.id, 'created', 1], ['activity', activity.id, 'updated', 2], ['activity', activity.id, 'updated', 3]]);
});

t.test('an archived member of the club may be recorded; each member has one row', async (t) => {
  const { club, activity, m, path } = await setup();
  const old = await createMember(service, club, { status: 'archived' });
  t.equal((await club.call('PUT', path(m), { status: 'excused', note: null })).status, 201);
  t.equal((await club.call('PUT', path(old), { status: 'absent' })).status, 201);
  t.same((await get(club, activity.id)).attendance.map((a: any) => [a.member_id, a.status]), [[m, 'excused'], [old, 'absent']]);
});

t.test('a cancelled activity is 409 invalid_state and records nothing', async (t) => {
  const { club, activity, m, path } = await setup();
  await club.call('POST', `/v1/club/activities/${activity.id}/cancel`, {});
  const res = await club.call('PUT', path(m), { status: 'present' });
  t.equal(res.status, 409);
  t.equal(res.body.code, 'invalid_state');
  const after = await get(club, activity.id);
  t.same(after.attendance, []);
  t.equal(after.version, 2);
});

t.test('invalid bodies are 422 and record nothing', async (t) => {
  const { club, activity, m, path } = await setup();
  const cases: [unknown, string][] = [
    [{}, '/status'], [{ status: 'sick' }, '/status'], [{ status: 'present', note: '' }, '/note'],
    [{ status: 'present', note: 'x'.repeat(501) }, '/note'], [{ status: 'present', minutes: 5 }, '/minutes'],
  ];
  for (const [body, pointer] of cases) {
    const res = await club.call('PUT', path(m), body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.same(res.body.errors.map((e: any) => e.path), [pointer]);
  }
  t.same(await get(club, activity.id), activity);
});

t.test('If-Match on the activity version: stale is 412, current applies', async (t) => {
  const { club, activity, m, path } = await setup();
  t.equal((await club.call('PUT', path(m), { status: 'present' }, { headers: { 'if-match': '"9"' } })).status, 412);
  t.same(await get(club, activity.id), activity);
  t.equal((await club.call('PUT', path(m), { status: 'present' }, { headers: { 'if-match': '"1"' } })).status, 201);
});

t.test('a member or an activity of another club is 404 and records nothing', async (t) => {
  const { club, activity, m, path } = await setup();
  const intruder = await createClub(service);
  const theirs = await createMember(service, intruder);
  const foreignMember = await club.call('PUT', path(theirs), { status: 'present' });
  t.equal(foreignMember.status, 404);
  t.equal(foreignMember.body.code, 'not_found');
  t.equal((await intruder.call('PUT', path(theirs), { status: 'present' })).status, 404);
  t.equal((await intruder.call('PUT', path(m), { status: 'present' })).status, 404);
  t.same(await get(club, activity.id), activity);
  t.same(await feedOf(intruder), []);
});

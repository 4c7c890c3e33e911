import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createFederation } from '../../support/factories.js';

const service = await startService(t);

const base = { first_name: 'Anna', last_name: 'de Vries', birth_date: '2010-04-02', gender: 'female' };

t.test('GET /v1/club/members/{id} answers the member with an ETag', async (t) => {
  const club = await createClub(service);
  const created = (await club.call('POST', '/v1/club/members', { ...base, external_ref: 'x1' })).body.data;
  await club.call('PATCH', `/v1/club/members/${created.id}`, { last_name: 'Jansen' });
  const res = await club.call('GET', `/v1/club/members/${created.id}`);
  t.equal(res.status, 200);
  t.equal(res.headers.get('etag'), '"2"');
  t.same(Object.keys(res.body.data).sort(), [
    'address', 'birth_date', 'created_at', 'email', 'external_ref', 'first_name', 'gender', 'guardians', 'id', 'joined_on',
    'last_name', 'person_id', 'phone', 'status', 'updated_at', 'version',
  ]);
  t.match(res.body.data, { id: created.id, last_name: 'Jansen', external_ref: 'x1', version: 2 });
  t.equal(res.body.meta, undefined);
  const missing = await club.call('GET', '/v1/club/members/999999999999');
  t.equal(missing.status, 404);
  t.equal(missing.body.code, 'not_found');
  t.equal((await club.call('GET', '/v1/club/members/abc')).status, 404, 'a malformed id names nothing');
  t.equal((await club.call('GET', '/v1/club/members/1?x=1')).body.code, 'invalid_query');
});

t.test('another club\'s member is 404 for every operation and is left untouched', async (t) => {
  const federation = await createFederation(service);
  const owner = await createClub(service, federation);
  const stranger = await createClub(service);
  const sameFederation = await createClub(service, federation);
  const m = (await owner.call('POST', '/v1/club/members', { ...base, email: 'secret@example.org' })).body.data;
  const path = `/v1/club/members/${m.id}`;
  for (const club of [stranger, sameFederation]) {
    const attempts = [
      await club.call('GET', path),
      await club.call('PATCH', path, { first_name: 'Mallory' }),
      await club.call('PATCH', path, { first_name: 'Mallory' }, { headers: { 'if-match': '"1"' } }),
      await club.call('DELETE', path),
      await club.call('DELETE', path, undefined, { headers: { 'if-match': '"1"' } }),
      await club.call('POST', `${path}/archive`, {}),
      await club.call('POST', `${path}/archive`, {}, { headers: { 'if-match': '"1"' } }),
      await club.call('POST', `${path}/restore`, {}),
    ];
    for (const res of attempts) {
      t.equal(res.status, 404);
      t.equal(res.body.code, 'not_found');
      t.equal(res.body.data, undefined);
      t.notMatch(JSON.stringify(res.body), /secret|Anna/);
    }
    t.same((await club.call('GET', '/v1/club/members')).body.data, [], 'nothing listed either');
    t.same((await club.call('GET', '/v1/club/changes')).body.data, [], 'nothing recorded in the stranger\'s feed');
  }
  const after = await owner.call('GET', path);
  t.same(after.body.data, m, 'the member is unchanged');
  const changes = (await owner.call('GET', '/v1/club/changes')).body.data;
  t.same(changes.map((c: any) => c.action), ['created']);
});

t.test('conditional reads: If-None-Match with the current ETag is 304 without a body; writes answer the new ETag', async (t) => {
  const club = await createClub(service);
  const created = await club.call('POST', '/v1/club/members', base);
  t.equal(created.status, 201);
  t.equal(created.headers.get('etag'), '"1"', 'a create answers its ETag');
  const path = `/v1/club/members/${created.body.data.id}`;
  const fresh = await club.call('GET', path, undefined, { headers: { 'if-none-match': '"1"' } });
  t.equal(fresh.status, 304);
  t.equal(fresh.body, undefined, 'no body');
  t.equal(fresh.headers.get('etag'), '"1"');
  t.ok(fresh.headers.get('x-ratelimit-remaining'), 'still counted and announced');
  t.equal((await club.call('GET', path, undefined, { headers: { 'if-none-match': 'W/"0", "1"' } })).status, 304, 'a list of tags');
  t.equal((await club.call('GET', path, undefined, { headers: { 'if-none-match': '*' } })).status, 304);
  const patched = await club.call('PATCH', path, { last_name: 'Jansen' }, { headers: { 'if-match': '"1"' } });
  t.equal(patched.headers.get('etag'), '"2"', 'a PATCH answers the new ETag, ready for the next If-Match');
  const stale = await club.call('GET', path, undefined, { headers: { 'if-none-match': '"1"' } });
  t.equal(stale.status, 200, 'a stale copy gets the resource');
  t.equal(stale.body.data.last_name, 'Jansen');
  const archived = await club.call('POST', `${path}/archive`, {}, { headers: { 'if-match': '"2"' } });
  t.equal(archived.headers.get('etag'), '"3"', 'an action answers the new ETag');
  const list = await club.call('GET', '/v1/club/members', undefined, { headers: { 'if-none-match': '"3"' } });
  t.equal(list.status, 200, 'lists carry no ETag and ignore If-None-Match');
  t.equal(list.headers.get('etag'), null);
});

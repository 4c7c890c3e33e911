// federation.officials.create, .list and .update: the federation's own officials only.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { backdate, newClub, createFederation, createOfficial } from '../../support/factories.js';

const service = await startService(t);

t.test('create: 201 with Location, active, only in the federation\'s feed', async (t) => {
  const federation = await createFederation(service);
  const club = await newClub(service, federation.id);
  const res = await federation.call('POST', '/v1/federation/officials', { first_name: 'Sanne', last_name: 'de Vries', grade: 'National A' });
  t.equal(res.status, 201);
  const official = res.body.data;
  t.equal(res.headers.get('location'), `/v1/federation/officials/${official.id}`);
  t.match(official, { first_name: 'Sanne', last_name: 'de Vries', email: null, grade: 'National A', status: 'active', version: 1 });
  t.same(await feedOf(federation), [['official', official.id, 'created', 1]]);
  t.same(await feedOf(club), []);
});

t.test('create: bad bodies are 422 and create nothing', async (t) => {
  const federation = await createFederation(service);
  for (const [body, path] of [[{ first_name: '', last_name: 'X', grade: 'A' }, '/first_name'], [{ first_name: 'A', last_name: 'X' }, '/grade'],
    [{ first_name: 'A', last_name: 'X', grade: 'x'.repeat(33) }, '/grade'], [{ first_name: 'A', last_name: 'X', grade: 'A', email: 'nope' }, '/email'],
    [{ first_name: 'A', last_name: 'X', grade: 'A', status: 'inactive' }, '/status']] as const) {
    const res = await federation.call('POST', '/v1/federation/officials', body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.same(res.body.errors.map((e: any) => e.path), [path]);
  }
  t.same((await walkPages(federation, '/v1/federation/officials')).ids, []);
});

t.test('update: a merge patch, status included; another federation\'s official is 404', async (t) => {
  const federation = await createFederation(service);
  const id = await createOfficial(service, federation.id);
  const res = await federation.call('PATCH', `/v1/federation/officials/${id}`, { grade: 'Regional', email: 'bas@example.org', status: 'inactive' });
  t.equal(res.status, 200);
  t.match(res.body.data, { grade: 'Regional', email: 'bas@example.org', status: 'inactive', version: 2 });
  t.equal((await federation.call('PATCH', `/v1/federation/officials/${id}`, { email: null })).body.data.email, null);
  t.equal((await federation.call('PATCH', `/v1/federation/officials/${id}`, {})).body.data.version, 3);
  t.equal((await federation.call('PATCH', `/v1/federation/officials/${id}`, { status: 'retired' })).status, 422);
  const stranger = await createFederation(service);
  t.equal((await stranger.call('PATCH', `/v1/federation/officials/${id}`, { grade: 'X' })).status, 404);
});

t.test('list: by id, paged, by status and updated_since', async (t) => {
  const federation = await createFederation(service);
  const ids = [await createOfficial(service, federation.id), await createOfficial(service, federation.id, { status: 'inactive' }), await createOfficial(service, federation.id)];
  await createOfficial(service, (await createFederation(service)).id);
  t.same((await walkPages(federation, '/v1/federation/officials?limit=2')).ids, ids);
  t.same((await walkPages(federation, '/v1/federation/officials?status=inactive')).ids, [ids[1]]);
  await backdate(service, 'officials', ids.slice(0, 2), '2020-01-01T00:00:00Z');
  t.same((await walkPages(federation, '/v1/federation/officials?updated_since=2021-01-01T00:00:00Z')).ids, [ids[2]]);
});

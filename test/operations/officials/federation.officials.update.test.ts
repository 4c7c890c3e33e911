// federation.officials.update: a merge patch of one of the federation's officials, status included.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createFederation, createOfficial } from '../../support/factories.js';

const service = await startService(t);

t.test('update: a merge patch, status included; another federation\'s official is 404', async (t) => {
  const federation = await createFederation(service);
  const id = await createOfficial(service, federation.id);
  const res = await federation.call('PATCH', `/v1/federation/officials/${id}`, { grade: 'Regional', email: 'bas@example.org', status: 'inactive' });
  t.equal(res.status, 200);
  t.match(res.body.data, { grade: 'Regional', email: 'bas@example.org', status: 'inactive', version: 2 });
  t.equal((await federation.call('PATCH', `/v1/federation/officials/${id}`, { email: null })).body.data.email, null);
  t.equal((await federation.call('PATCH', `/v1/federation/officials/${id}`, {})).body.data.version, 3);
  t.equal((await federation.call('PATCH', `/v1/federation/officials/${id}`, { status: 'retired' })).status, 422);
  t.same(await feedOf(federation), [['official', id, 'updated', 2], ['official', id, 'updated', 3]]);
  const stranger = await createFederation(service);
  t.equal((await stranger.call('PATCH', `/v1/federation/officials/${id}`, { grade: 'X' })).status, 404);
  t.same(await feedOf(stranger), []);
});

t.test('bad members are 422 naming them; a stale If-Match is 412; neither changes the official', async (t) => {
  const federation = await createFederation(service);
  const id = await createOfficial(service, federation.id);
  for (const [body, path] of [[{ first_name: '' }, '/first_name'], [{ email: 'nope' }, '/email'], [{ grade: 'x'.repeat(33) }, '/grade']] as const) {
    const res = await federation.call('PATCH', `/v1/federation/officials/${id}`, body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.same(res.body.errors.map((e: { path: string }) => e.path), [path]);
  }
  t.equal((await federation.call('PATCH', `/v1/federation/officials/${id}`, { grade: 'B' }, { headers: { 'if-match': '"5"' } })).status, 412);
  t.same(await feedOf(federation), []);
});

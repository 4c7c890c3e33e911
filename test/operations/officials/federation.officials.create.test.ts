// federation.officials.create: a new active official, only in the federation's feed.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { newClub, createFederation } from '../../support/factories.js';

const service = await startService(t);

t.test('create: 201 without Location (federation.officials.list shows it), active, only in the federation\'s feed', async (t) => {
  const federation = await createFederation(service);
  const club = await newClub(service, federation.id);
  const res = await federation.call('POST', '/v1/federation/officials', { first_name: 'Sanne', last_name: 'de Vries', grade: 'National A' });
  t.equal(res.status, 201);
  const official = res.body.data;
  t.equal(res.headers.get('location'), null, 'no Location: an official has no GET of its own; federation.officials.list shows it');
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

// federation.changes.list: the federation's own feed, oldest first, from `after`; another federation's
// changes never appear.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { createFederation } from '../../support/factories.js';

const service = await startService(t);

t.test('a federation reads its own writes in id order, with key and request id, after a given change', async (t) => {
  const federation = await createFederation(service);
  const other = await createFederation(service);
  const first = await federation.call('POST', '/v1/federation/license-categories', { code: 'U10', name: 'Under 10' });
  const second = await federation.call('POST', '/v1/federation/license-categories', { code: 'U12', name: 'Under 12' });
  await other.call('POST', '/v1/federation/license-categories', { code: 'U10', name: 'Under 10' });
  const { rows } = await walkPages<any>(federation, '/v1/federation/changes?limit=1');
  t.match(rows, [
    { resource_type: 'category', resource_id: first.body.data.id, action: 'created', version: 1, key_id: federation.keyId, request_id: first.headers.get('x-request-id') },
    { resource_type: 'category', resource_id: second.body.data.id, action: 'created', version: 1, key_id: federation.keyId, request_id: second.headers.get('x-request-id') },
  ]);
  t.equal(rows.length, 2, 'nothing of the other federation');
  const after = await federation.call('GET', `/v1/federation/changes?after=${rows[0].id}`);
  t.equal(after.status, 200);
  t.same(after.body.data.map((c: { id: string }) => c.id), [rows[1].id]);
});

t.test('a malformed after or limit is 400 invalid_query', async (t) => {
  const federation = await createFederation(service);
  for (const query of ['after=abc', 'limit=0', 'since=1']) {
    const res = await federation.call('GET', `/v1/federation/changes?${query}`);
    t.equal(res.status, 400, query);
    t.equal(res.body.code, 'invalid_query');
  }
});

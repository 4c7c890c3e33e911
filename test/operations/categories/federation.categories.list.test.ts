// federation.categories.list: the federation's license categories, by status; never another federation's.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { createCategory, createFederation } from '../../support/factories.js';

const service = await startService(t);

t.test('list: by status; another federation\'s categories never appear', async (t) => {
  const federation = await createFederation(service);
  const other = await createFederation(service);
  const active = await createCategory(service, federation.id, { code: 'A1' });
  const retired = await createCategory(service, federation.id, { code: 'R1', status: 'retired' });
  const theirs = await createCategory(service, other.id, { code: 'A1' });
  const all = await walkPages(federation, '/v1/federation/license-categories?limit=1');
  t.same(all.ids, [active, retired]);
  t.notOk(all.ids.includes(theirs));
  t.same((await walkPages(federation, '/v1/federation/license-categories?status=retired')).ids, [retired]);
  t.same((await walkPages(other, '/v1/federation/license-categories')).ids, [theirs]);
});

t.test('an unknown status or limit is 400 invalid_query', async (t) => {
  const federation = await createFederation(service);
  for (const query of ['status=deleted', 'limit=0']) {
    const res = await federation.call('GET', `/v1/federation/license-categories?${query}`);
    t.equal(res.status, 400, query);
    t.equal(res.body.code, 'invalid_query');
  }
});

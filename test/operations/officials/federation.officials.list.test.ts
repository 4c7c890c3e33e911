// federation.officials.list: the federation's own officials by id, paged, by status and updated_since.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { backdate, createFederation, createOfficial } from '../../support/factories.js';

const service = await startService(t);

t.test('list: by id, paged, by status and updated_since; never another federation\'s', async (t) => {
  const federation = await createFederation(service);
  const ids = [await createOfficial(service, federation.id), await createOfficial(service, federation.id, { status: 'inactive' }), await createOfficial(service, federation.id)];
  await createOfficial(service, (await createFederation(service)).id);
  t.same((await walkPages(federation, '/v1/federation/officials?limit=2')).ids, ids);
  t.same((await walkPages(federation, '/v1/federation/officials?status=inactive')).ids, [ids[1]]);
  await backdate(service, 'officials', ids.slice(0, 2), '2020-01-01T00:00:00Z');
  t.same((await walkPages(federation, '/v1/federation/officials?updated_since=2021-01-01T00:00:00Z')).ids, [ids[2]]);
});

t.test('an unknown status is 400 invalid_query', async (t) => {
  const res = await (await createFederation(service)).call('GET', '/v1/federation/officials?status=retired');
  t.equal(res.status, 400);
  t.equal(res.body.code, 'invalid_query');
});

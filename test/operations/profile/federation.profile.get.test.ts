import t from 'tap';
import { startService } from '../../support/harness.js';
import { createFederation } from '../../support/factories.js';

const service = await startService(t);

t.test('the calling federation\'s profile, exactly the fields of domain.md', async (t) => {
  const federation = await createFederation(service);
  const res = await federation.call('GET', '/v1/federation/profile');
  t.equal(res.status, 200);
  t.same(Object.keys(res.body.data).sort(), ['country', 'email', 'id', 'name', 'short_name', 'website']);
  t.match(res.body.data, { id: federation.id, name: /^Federation /, short_name: 'FED', country: 'NL', email: null, website: null });
  const other = await createFederation(service);
  t.not((await other.call('GET', '/v1/federation/profile')).body.data.id, federation.id, 'each federation reads its own');
});

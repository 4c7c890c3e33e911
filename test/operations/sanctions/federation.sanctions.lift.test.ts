// federation.sanctions.lift: active → lifted with its reason; any other state is 409 and changes nothing.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createFederation, createPerson, createSanction } from '../../support/factories.js';

const service = await startService(t);

t.test('lift: active → lifted with its reason; an expired one cannot be lifted (409)', async (t) => {
  const federation = await createFederation(service);
  const person = await createPerson(service, federation.id);
  const id = await createSanction(service, federation.id, { person });
  t.equal((await federation.call('POST', `/v1/federation/sanctions/${id}/lift`, {})).status, 422, 'a reason is required');
  const res = await federation.call('POST', `/v1/federation/sanctions/${id}/lift`, { reason: 'Appeal upheld' });
  t.equal(res.status, 200);
  t.match(res.body.data, { status: 'lifted', lift_reason: 'Appeal upheld', version: 2 });
  t.match(res.body.data.lifted_at, /^\d{4}-\d{2}-\d{2}T/);
  t.same(await feedOf(federation), [['sanction', id, 'lifted', 2]]);
  const expired = await createSanction(service, federation.id, { person }, { status: 'expired' });
  const refused = await federation.call('POST', `/v1/federation/sanctions/${expired}/lift`, { reason: 'x' });
  t.equal(refused.status, 409);
  t.equal(refused.body.code, 'invalid_state');
  t.match(refused.body.detail, /is expired/);
  const stranger = await createFederation(service);
  t.equal((await stranger.call('POST', `/v1/federation/sanctions/${id}/lift`, { reason: 'x' })).status, 404);
  t.same(await feedOf(federation), [['sanction', id, 'lifted', 2]], 'the refusals recorded nothing');
  t.match((await federation.call('GET', `/v1/federation/sanctions?status=expired`)).body.data, [{ id: expired, status: 'expired', version: 1 }]);
});

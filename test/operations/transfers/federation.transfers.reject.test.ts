// federation.transfers.reject: a requested or released transfer, with a reason; a refusal changes nothing.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, createTransfer } from '../../support/factories.js';

const service = await startService(t);

t.test('reject: requested or released, with a reason; approve refuses a license suspended meanwhile', async (t) => {
  const federation = await createFederation(service);
  const [origin, destination] = [await createClub(service, federation), await createClub(service, federation)];
  const requested = await createTransfer(service, origin.id, destination.id, 'requested');
  const released = await createTransfer(service, origin.id, destination.id, 'released');
  const noReason = await federation.call('POST', `/v1/federation/transfers/${requested}/reject`, {});
  t.equal(noReason.status, 422);
  t.same(noReason.body.errors.map((e: { path: string }) => e.path), ['/reason']);
  t.equal((await federation.call('GET', `/v1/federation/transfers/${requested}`)).body.data.status, 'requested', 'the refusal changed nothing');
  for (const id of [requested, released]) {
    const res = await federation.call('POST', `/v1/federation/transfers/${id}/reject`, { reason: 'Window closed' });
    t.match(res.body.data, { status: 'rejected', reason: 'Window closed' });
  }
  const pending = await createTransfer(service, origin.id, destination.id, 'released');
  const transfer = (await federation.call('GET', `/v1/federation/transfers/${pending}`)).body.data;
  await federation.call('POST', `/v1/federation/licenses/${transfer.license_id}/suspend`, { reason: 'Doping test missed' });
  const before = await feedOf(federation);
  const refused = await federation.call('POST', `/v1/federation/transfers/${pending}/approve`);
  t.equal(refused.status, 409);
  t.equal(refused.body.code, 'invalid_state');
  t.match(refused.body.detail, /suspended/);
  t.same(await feedOf(federation), before, 'nothing changed');
  t.equal((await federation.call('GET', `/v1/federation/transfers/${pending}`)).body.data.status, 'released');
});

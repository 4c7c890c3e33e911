// club.transfers.cancel: only the destination cancels a requested or released transfer (403 for the
// origin); a decided one is 409, a bystander's call 404, a stale If-Match 412, none changing anything.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createFederation, createTransfer, newClub } from '../../support/factories.js';

const service = await startService(t);
const federation = await createFederation(service);
const [origin, destination, bystander] = [await newClub(service, federation.id), await newClub(service, federation.id), await newClub(service, federation.id)];
const cancel = (club: typeof origin, id: string, headers: Record<string, string> = {}) =>
  club.call('POST', `/v1/club/transfers/${id}/cancel`, {}, { headers });

t.test('the destination cancels a requested or a released transfer; every party hears of it', async (t) => {
  const requested = await createTransfer(service, origin.id, destination.id);
  const released = await createTransfer(service, origin.id, destination.id, 'released');
  for (const id of [requested, released]) {
    const res = await cancel(destination, id, { 'if-match': '"1"' });
    t.equal(res.status, 200);
    t.match(res.body.data, { id, status: 'cancelled', version: 2 });
  }
  for (const party of [origin, destination, federation]) {
    t.same((await feedOf(party)).slice(-2), [['transfer', requested, 'cancelled', 2], ['transfer', released, 'cancelled', 2]]);
  }
});

t.test('the origin 403, a bystander 404, a stale If-Match 412, an approved transfer 409: nothing changes', async (t) => {
  const id = await createTransfer(service, origin.id, destination.id);
  const wrong = await cancel(origin, id);
  t.equal(wrong.status, 403);
  t.equal(wrong.body.code, 'action_not_permitted');
  t.equal((await cancel(bystander, id)).status, 404);
  t.equal((await cancel(destination, id, { 'if-match': '"5"' })).status, 412);
  const approved = await createTransfer(service, origin.id, destination.id, 'approved');
  const late = await cancel(destination, approved);
  t.equal(late.status, 409);
  t.equal(late.body.code, 'invalid_state');
  t.same(await service.sql`select status, version from transfers where id in ${service.sql([id, approved])} order by id`,
    [{ status: 'requested', version: 1 }, { status: 'approved', version: 1 }]);
});

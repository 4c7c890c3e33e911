// club.transfers.release: only the origin releases a requested transfer (403 for the destination); a
// released one is 409, a bystander's call 404, a stale If-Match 412, none changing anything.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createFederation, createTransfer, newClub } from '../../support/factories.js';

const service = await startService(t);

t.test('the origin releases: released with its time, every party hears of it; refusals change nothing', async (t) => {
  const federation = await createFederation(service);
  const [origin, destination, bystander] = [await newClub(service, federation.id), await newClub(service, federation.id), await newClub(service, federation.id)];
  const id = await createTransfer(service, origin.id, destination.id);
  const path = `/v1/club/transfers/${id}/release`;
  const wrong = await destination.call('POST', path);
  t.equal(wrong.status, 403);
  t.equal(wrong.body.code, 'action_not_permitted');
  t.equal((await bystander.call('POST', path)).status, 404);
  t.equal((await origin.call('POST', path, {}, { headers: { 'if-match': '"5"' } })).status, 412);
  t.same(await feedOf(federation), [], 'nothing changed');
  const released = await origin.call('POST', path, {}, { headers: { 'if-match': '"1"' } });
  t.equal(released.status, 200);
  t.match(released.body.data, { status: 'released', version: 2 });
  t.match(released.body.data.released_at, /^\d{4}-/);
  const again = await origin.call('POST', path);
  t.equal(again.status, 409);
  t.equal(again.body.code, 'invalid_state');
  for (const party of [origin, destination, federation]) t.same(await feedOf(party), [['transfer', id, 'released', 2]]);
});

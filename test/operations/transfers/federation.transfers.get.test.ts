// federation.transfers.get: a transfer between clubs of the federation, as its parties see it; another
// federation's is 404.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createFederation, createTransfer, newClub } from '../../support/factories.js';

const service = await startService(t);

t.test('the federation reads the transfer as the destination does; another federation gets 404', async (t) => {
  const federation = await createFederation(service);
  const [origin, destination] = [await newClub(service, federation.id), await newClub(service, federation.id)];
  const id = await createTransfer(service, origin.id, destination.id);
  const res = await federation.call('GET', `/v1/federation/transfers/${id}`);
  t.equal(res.status, 200);
  t.equal(res.headers.get('etag'), '"1"');
  t.same(res.body.data, (await destination.call('GET', `/v1/club/transfers/${id}`)).body.data);
  const stranger = await createFederation(service);
  const refused = await stranger.call('GET', `/v1/federation/transfers/${id}`);
  t.equal(refused.status, 404);
  t.equal(refused.body.code, 'not_found');
});

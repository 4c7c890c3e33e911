// club.transfers.get: a transfer the club is party to, with its ETag; a club of the same federation
// outside it gets 404.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createFederation, createTransfer, newClub } from '../../support/factories.js';

const service = await startService(t);

t.test('both parties read the same transfer; a bystander of the federation gets 404', async (t) => {
  const federation = await createFederation(service);
  const [origin, destination, bystander] = [await newClub(service, federation.id), await newClub(service, federation.id), await newClub(service, federation.id)];
  const id = await createTransfer(service, origin.id, destination.id, 'released');
  const res = await destination.call('GET', `/v1/club/transfers/${id}`);
  t.equal(res.status, 200);
  t.equal(res.headers.get('etag'), '"1"');
  t.match(res.body.data, { id, from_club_id: origin.id, to_club_id: destination.id, status: 'released', version: 1 });
  t.same((await origin.call('GET', `/v1/club/transfers/${id}`)).body.data, res.body.data);
  const refused = await bystander.call('GET', `/v1/club/transfers/${id}`);
  t.equal(refused.status, 404);
  t.equal(refused.body.code, 'not_found');
});

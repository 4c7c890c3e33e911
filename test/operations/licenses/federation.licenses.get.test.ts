// federation.licenses.get: a license of one of the federation's clubs, without the club's member id;
// another federation's is 404.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, createLicense } from '../../support/factories.js';

const service = await startService(t);

t.test('get: 200 with its ETag, never the club\'s member id; the same as its row in the list', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const license = await createLicense(service, club.id, { status: 'approved' });
  const seen = await federation.call('GET', `/v1/federation/licenses/${license}`);
  t.equal(seen.status, 200);
  t.equal(seen.headers.get('etag'), '"1"');
  t.notOk('member_id' in seen.body.data, 'the federation never sees the club\'s member id');
  t.match(seen.body.data, { id: license, club_id: club.id, status: 'approved' });
  t.same((await federation.call('GET', '/v1/federation/licenses')).body.data, [seen.body.data]);
});

t.test('another federation\'s license is 404 both ways', async (t) => {
  const federation = await createFederation(service);
  const other = await createFederation(service);
  const mine = await createLicense(service, (await createClub(service, federation)).id);
  const foreign = await createLicense(service, (await createClub(service, other)).id);
  t.equal((await federation.call('GET', `/v1/federation/licenses/${foreign}`)).status, 404);
  t.equal((await other.call('GET', `/v1/federation/licenses/${mine}`)).status, 404);
});

// club.licenses.get: the club's own license with its ETag; another club's is 404.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, createLicense } from '../../support/factories.js';

const service = await startService(t);

t.test('the club\'s own license: 200 with its ETag, the same as its row in the list', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const license = await createLicense(service, club.id, { status: 'approved' });
  const res = await club.call('GET', `/v1/club/licenses/${license}`);
  t.equal(res.status, 200);
  t.equal(res.headers.get('etag'), '"1"');
  t.match(res.body.data, { id: license, club_id: club.id, status: 'approved', version: 1 });
  t.same((await club.call('GET', '/v1/club/licenses')).body.data, [res.body.data]);
});

t.test('another club\'s license or an unknown id is 404 not_found', async (t) => {
  const federation = await createFederation(service);
  const [club, neighbour] = [await createClub(service, federation), await createClub(service, federation)];
  const theirs = await createLicense(service, neighbour.id);
  for (const id of [theirs, '999999999999', 'not-an-id']) {
    const res = await club.call('GET', `/v1/club/licenses/${id}`);
    t.equal(res.status, 404, id);
    t.equal(res.body.code, 'not_found');
  }
});

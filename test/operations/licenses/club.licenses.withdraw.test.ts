// club.licenses.withdraw: requested → withdrawn, in the club's and the federation's feeds; any other
// state, or another club's license, is refused and changes nothing.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, createLicense } from '../../support/factories.js';

const service = await startService(t);
const statusOf = async (id: string) => (await service.sql`select status, version from licenses where id = ${id}`)[0];

t.test('withdraw: requested → withdrawn, in both feeds; anything else is 409 and changes nothing', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const license = await createLicense(service, club.id);
  const res = await club.call('POST', `/v1/club/licenses/${license}/withdraw`, {}, { headers: { 'if-match': '"1"' } });
  t.equal(res.status, 200);
  t.match(res.body.data, { id: license, status: 'withdrawn', version: 2, decided_at: null });
  const again = await club.call('POST', `/v1/club/licenses/${license}/withdraw`);
  t.equal(again.status, 409);
  t.equal(again.body.code, 'invalid_state');
  const approved = await createLicense(service, club.id, { status: 'approved' });
  t.equal((await club.call('POST', `/v1/club/licenses/${approved}/withdraw`)).status, 409);
  t.same(await statusOf(license), { status: 'withdrawn', version: 2 });
  t.same(await statusOf(approved), { status: 'approved', version: 1 });
  t.same(await feedOf(club), [['license', license, 'withdrawn', 2]]);
  t.same(await feedOf(federation), [['license', license, 'withdrawn', 2]]);
});

t.test('another club\'s license is 404 and stays requested', async (t) => {
  const federation = await createFederation(service);
  const [club, neighbour] = [await createClub(service, federation), await createClub(service, federation)];
  const theirs = await createLicense(service, neighbour.id);
  t.equal((await club.call('POST', `/v1/club/licenses/${theirs}/withdraw`)).status, 404);
  t.same(await statusOf(theirs), { status: 'requested', version: 1 });
});

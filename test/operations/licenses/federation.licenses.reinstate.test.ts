// federation.licenses.reinstate: suspended → approved, the reason cleared, told to the club; another
// state is 409 and another federation's license 404, neither changing anything.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, createLicense, licenseNumberOf } from '../../support/factories.js';

const service = await startService(t);

t.test('a suspended license is approved again with its number, in both feeds', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const license = await createLicense(service, club.id, { status: 'suspended' });
  const reinstated = await federation.call('POST', `/v1/federation/licenses/${license}/reinstate`, {});
  t.equal(reinstated.status, 200);
  t.match(reinstated.body.data, { status: 'approved', reason: null, number: await licenseNumberOf(service, license), version: 2 });
  for (const tenant of [club, federation]) t.same(await feedOf(tenant), [['license', license, 'reinstated', 2]]);
});

t.test('an approved license is 409 invalid_state; another federation\'s is 404; neither changes', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const approved = await createLicense(service, club.id, { status: 'approved' });
  const refused = await federation.call('POST', `/v1/federation/licenses/${approved}/reinstate`, {});
  t.equal(refused.status, 409);
  t.equal(refused.body.code, 'invalid_state');
  const foreign = await createLicense(service, (await createClub(service)).id, { status: 'suspended' });
  t.equal((await federation.call('POST', `/v1/federation/licenses/${foreign}/reinstate`, {})).status, 404);
  t.same(await service.sql`select status, version from licenses where id in ${service.sql([approved, foreign])} order by id`,
    [{ status: 'approved', version: 1 }, { status: 'suspended', version: 1 }]);
});

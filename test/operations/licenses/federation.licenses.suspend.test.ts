// federation.licenses.suspend: approved → suspended with its reason, number kept, told to the club;
// another state is 409, another federation's license 404, a missing reason 422, none changing anything.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, createLicense, licenseNumberOf } from '../../support/factories.js';

const service = await startService(t);

t.test('a suspension needs a reason; an approved license is suspended with its number, in both feeds', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const license = await createLicense(service, club.id, { status: 'approved' });
  const noReason = await federation.call('POST', `/v1/federation/licenses/${license}/suspend`, {});
  t.equal(noReason.status, 422);
  t.same(noReason.body.errors.map((e: { path: string }) => e.path), ['/reason']);
  const suspended = await federation.call('POST', `/v1/federation/licenses/${license}/suspend`, { reason: 'Unpaid fine' });
  t.equal(suspended.status, 200);
  t.match(suspended.body.data, { status: 'suspended', reason: 'Unpaid fine', number: await licenseNumberOf(service, license), version: 2 });
  for (const tenant of [club, federation]) t.same(await feedOf(tenant), [['license', license, 'suspended', 2]]);
});

t.test('a requested license is 409 invalid_state; another federation\'s is 404; neither changes', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const requested = await createLicense(service, club.id);
  const refused = await federation.call('POST', `/v1/federation/licenses/${requested}/suspend`, { reason: 'x' });
  t.equal(refused.status, 409);
  t.equal(refused.body.code, 'invalid_state');
  const foreign = await createLicense(service, (await createClub(service)).id, { status: 'approved' });
  t.equal((await federation.call('POST', `/v1/federation/licenses/${foreign}/suspend`, { reason: 'x' })).status, 404);
  t.same(await service.sql`select status, version from licenses where id in ${service.sql([requested, foreign])} order by id`,
    [{ status: 'requested', version: 1 }, { status: 'approved', version: 1 }]);
});

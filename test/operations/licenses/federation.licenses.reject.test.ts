// federation.licenses.reject: requested → rejected with its reason, told to the club; another state is
// 409, another federation's license 404, a missing reason 422, none changing anything.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, createLicense } from '../../support/factories.js';

const service = await startService(t);

t.test('reject needs a reason; a requested license is rejected, unnumbered, in the club\'s feed', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const license = await createLicense(service, club.id);
  for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(501) }]) {
    const res = await federation.call('POST', `/v1/federation/licenses/${license}/reject`, body);
    t.equal(res.status, 422, JSON.stringify(body).slice(0, 40));
    t.equal(res.body.code, 'validation_failed');
  }
  t.same(await feedOf(club), [], 'nothing changed');
  const rejected = await federation.call('POST', `/v1/federation/licenses/${license}/reject`, { reason: 'No medical certificate' });
  t.equal(rejected.status, 200);
  t.match(rejected.body.data, { status: 'rejected', reason: 'No medical certificate', number: null, person_id: null, version: 2 });
  t.match(rejected.body.data.decided_at, /^\d{4}-/);
  t.same(await feedOf(club), [['license', license, 'rejected', 2]]);
});

t.test('an approved license is 409 invalid_state; another federation\'s is 404; neither changes', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const approved = await createLicense(service, club.id, { status: 'approved' });
  const refused = await federation.call('POST', `/v1/federation/licenses/${approved}/reject`, { reason: 'Late' });
  t.equal(refused.status, 409);
  t.equal(refused.body.code, 'invalid_state');
  const foreign = await createLicense(service, (await createClub(service)).id);
  t.equal((await federation.call('POST', `/v1/federation/licenses/${foreign}/reject`, { reason: 'Late' })).status, 404);
  t.same(await service.sql`select status, version from licenses where id in ${service.sql([approved, foreign])} order by id`,
    [{ status: 'approved', version: 1 }, { status: 'requested', version: 1 }]);
});

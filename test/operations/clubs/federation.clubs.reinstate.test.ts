// federation.clubs.reinstate: suspended → active, in the club's and the federation's feeds; an active
// club or another federation's is refused and changes nothing.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, setClubStatus } from '../../support/factories.js';

const service = await startService(t);
const statusOf = async (id: string) => (await service.sql`select status, version from workspaces where id = ${id}`)[0];

t.test('a suspended club is reinstated: 200, active, version bumped, both feeds hear of it', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  await setClubStatus(service, club.id, 'suspended');
  const res = await federation.call('POST', `/v1/federation/clubs/${club.id}/reinstate`, {}, { headers: { 'if-match': '"1"' } });
  t.equal(res.status, 200);
  t.match(res.body.data, { id: club.id, status: 'active', version: 2, counts: { members_licensed: 0, teams: 0 } });
  t.equal((await club.call('GET', '/v1/club/profile')).body.data.status, 'active');
  for (const tenant of [club, federation]) t.same(await feedOf(tenant), [['club', club.id, 'reinstated', 2]]);
});

t.test('an active club is 409 invalid_state; another federation\'s club is 404; neither changes anything', async (t) => {
  const federation = await createFederation(service);
  const active = await createClub(service, federation);
  const refused = await federation.call('POST', `/v1/federation/clubs/${active.id}/reinstate`);
  t.equal(refused.status, 409);
  t.equal(refused.body.code, 'invalid_state');
  const suspended = await createClub(service, federation);
  await setClubStatus(service, suspended.id, 'suspended');
  const stranger = await createFederation(service);
  t.equal((await stranger.call('POST', `/v1/federation/clubs/${suspended.id}/reinstate`)).status, 404);
  t.same(await statusOf(active.id), { status: 'active', version: 1 });
  t.same(await statusOf(suspended.id), { status: 'suspended', version: 1 });
  t.same(await feedOf(federation), []);
});

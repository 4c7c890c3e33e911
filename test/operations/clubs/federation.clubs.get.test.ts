// federation.clubs.get: a club of the federation with its profile and counts.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, createLicense, createMember, createSeason, createTeam } from '../../support/factories.js';

const service = await startService(t);
const year = new Date().getUTCFullYear();

t.test('get: the club profile with its counts; another federation\'s club is 404', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const current = await createSeason(service, federation.id, 'open', year);
  const past = await createSeason(service, federation.id, 'closed', year - 3);
  const member = await createMember(service, club);
  await createLicense(service, club.id, { member_id: member, season_id: current, status: 'approved' });
  await createLicense(service, club.id, { member_id: member, season_id: past, status: 'approved' });
  await createLicense(service, club.id, { season_id: past, status: 'approved' });
  await createLicense(service, club.id, { season_id: current });
  await createLicense(service, club.id, { season_id: current, status: 'suspended' });
  await createTeam(service, club, { season_id: current });
  await createTeam(service, club, { season_id: current, status: 'archived' });

  const res = await federation.call('GET', `/v1/federation/clubs/${club.id}`);
  t.equal(res.status, 200);
  t.equal(res.headers.get('etag'), '"1"');
  const profile = (await club.call('GET', '/v1/club/profile')).body.data;
  t.same(res.body.data, { ...profile, counts: { members_licensed: 1, teams: 1 } });
  const stranger = await createFederation(service);
  t.equal((await stranger.call('GET', `/v1/federation/clubs/${club.id}`)).status, 404);
  t.equal((await stranger.call('POST', `/v1/federation/clubs/${club.id}/suspend`, { reason: 'x' })).status, 404);
  t.equal((await federation.call('GET', `/v1/federation/clubs/${federation.id}`)).status, 404, 'the federation itself is no club');
});

// federation.clubs.get: a club of the federation with its profile and counts.
import t from 'tap';
import { startService } from '../../support/harness.js';
import {
  createCategory, createClub, createFederation, createLicense, createMember, createSeason, createTeam, updateLicenses,
} from '../../support/factories.js';

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

t.test('members_licensed follows each license through the API: approve, suspend, reinstate, a transfer, a second season', async (t) => {
  const federation = await createFederation(service);
  const [origin, destination] = [await createClub(service, federation), await createClub(service, federation)];
  const current = await createSeason(service, federation.id, 'open', year);
  const category = await createCategory(service, federation.id, { code: 'SEN' });
  const counted = async (club: { id: string }) =>
    (await federation.call('GET', `/v1/federation/clubs/${club.id}`)).body.data.counts.members_licensed as number;
  const listed = async () => Object.fromEntries(((await federation.call('GET', '/v1/federation/clubs')).body.data as { id: string; counts: { members_licensed: number } }[])
    .map((c) => [c.id, c.counts.members_licensed]));

  const member = await createMember(service, origin, { birth_date: '2000-02-02' });
  const requested = (await origin.call('POST', '/v1/club/licenses', { member_id: member, season_id: current, category_id: category })).body.data;
  t.equal(await counted(origin), 0, 'a requested license counts nobody');
  const approved = (await federation.call('POST', `/v1/federation/licenses/${requested.id}/approve`)).body.data;
  t.equal(await counted(origin), 1, 'approved: counted');
  await federation.call('POST', `/v1/federation/licenses/${requested.id}/suspend`, { reason: 'test' });
  t.equal(await counted(origin), 0, 'suspended: not counted');
  await federation.call('POST', `/v1/federation/licenses/${requested.id}/reinstate`);
  t.equal(await counted(origin), 1, 'reinstated: counted again');
  // The same member licensed for an older season still valid today: one member, counted once.
  await createLicense(service, origin.id, { member_id: member, season_id: await createSeason(service, federation.id, 'closed', year - 1), status: 'approved' });
  await updateLicenses(service, federation.id, service.sql`valid_until = current_date + 1`, service.sql`member_id = ${member} and id <> ${requested.id}`);
  t.equal(await counted(origin), 1, 'two approved licenses of one member: one member');

  const transfer = (await destination.call('POST', '/v1/club/transfers', { license_number: approved.number })).body.data;
  await origin.call('POST', `/v1/club/transfers/${transfer.id}/release`);
  t.equal((await federation.call('POST', `/v1/federation/transfers/${transfer.id}/approve`)).status, 200);
  t.same([await counted(origin), await counted(destination)], [1, 1], 'the moved license counts at its new club; the older one still at the origin');
  await updateLicenses(service, federation.id, service.sql`valid_until = current_date - 1`, service.sql`member_id = ${member}`);
  t.same([await counted(origin), await counted(destination)], [0, 1], 'a license that expired yesterday no longer counts');
  t.same(await listed(), { [origin.id]: 0, [destination.id]: 1 }, 'the list shows the same figures');
});

// federation.clubs.list, get, suspend and reinstate: the federation's view of its clubs with
// their counts; a suspended club's license and transfer requests are refused until reinstated.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import {
  createCategory, createClub, createFederation, createLicense, createMember, createSeason, createTeam, licenseNumberOf,
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

t.test('list: the federation\'s clubs by id, by status and updated_since, never another\'s', async (t) => {
  const federation = await createFederation(service);
  const clubs = [await createClub(service, federation), await createClub(service, federation), await createClub(service, federation)];
  const stranger = await createClub(service);
  const all = await walkPages<any>(federation, '/v1/federation/clubs?limit=2');
  t.same(all.ids, clubs.map((c) => c.id));
  t.notOk(all.ids.includes(stranger.id));
  t.ok(all.rows.every((c) => c.counts.members_licensed === 0 && c.counts.teams === 0));
  const suspended = await federation.call('POST', `/v1/federation/clubs/${clubs[1]!.id}/suspend`, { reason: 'Unpaid' });
  t.same((await walkPages(federation, '/v1/federation/clubs?status=suspended')).ids, [clubs[1]!.id]);
  t.same((await walkPages(federation, '/v1/federation/clubs?status=active')).ids, [clubs[0]!.id, clubs[2]!.id]);
  t.same((await walkPages(federation, `/v1/federation/clubs?updated_since=${suspended.body.data.updated_at}`)).ids, [clubs[1]!.id]);
});

t.test('suspend and reinstate: the club\'s requests are refused meanwhile; both feeds hear of it', async (t) => {
  const federation = await createFederation(service);
  const [club, other] = [await createClub(service, federation), await createClub(service, federation)];
  const season = await createSeason(service, federation.id, 'open', 2030);
  const category = await createCategory(service, federation.id, { code: 'SEN' });
  const member = await createMember(service, club);
  const number = await licenseNumberOf(service, await createLicense(service, other.id, { season_id: season, status: 'approved' }));
  const path = `/v1/federation/clubs/${club.id}`;

  const noReason = await federation.call('POST', `${path}/suspend`, {});
  t.equal(noReason.status, 422);
  const suspended = await federation.call('POST', `${path}/suspend`, { reason: 'Affiliation fee unpaid' }, { headers: { 'if-match': '"1"' } });
  t.equal(suspended.status, 200);
  t.match(suspended.body.data, { id: club.id, status: 'suspended', version: 2, counts: { members_licensed: 0, teams: 0 } });
  t.notOk('suspend_reason' in suspended.body.data);
  t.equal((await club.call('GET', '/v1/club/profile')).body.data.status, 'suspended');
  t.equal((await federation.call('POST', `${path}/suspend`, { reason: 'Again' })).body.code, 'invalid_state');

  const license = await club.call('POST', '/v1/club/licenses', { member_id: member, season_id: season, category_id: category });
  t.equal(license.status, 422);
  t.equal(license.body.reason, 'club_suspended');
  const transfer = await club.call('POST', '/v1/club/transfers', { license_number: number });
  t.equal(transfer.status, 422);
  t.equal(transfer.body.reason, 'club_suspended');

  const reinstated = await federation.call('POST', `${path}/reinstate`);
  t.match(reinstated.body.data, { status: 'active', version: 3 });
  t.equal((await club.call('POST', '/v1/club/licenses', { member_id: member, season_id: season, category_id: category })).status, 201);
  t.equal((await club.call('POST', '/v1/club/transfers', { license_number: number })).status, 201);
  for (const tenant of [club, federation]) {
    t.same((await feedOf(tenant)).filter((row) => row[0] === 'club'), [['club', club.id, 'suspended', 2], ['club', club.id, 'reinstated', 3]]);
  }
  t.same((await feedOf(other)).filter((row) => row[0] === 'club'), [], 'other clubs do not hear of it');
});

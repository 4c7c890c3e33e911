// federation.clubs.suspend (and reinstate after it): a suspended club's license and transfer
// requests are refused until it is reinstated.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import {
  createCategory, createClub, createFederation, createLicense, createMember, createSeason, licenseNumberOf,
} from '../../support/factories.js';

const service = await startService(t);

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

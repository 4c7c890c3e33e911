// club.transfers.request: the destination asks for a license by its number; every refusal changes nothing.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import {
  createClub, createFederation, createLicense, createSeason, licenseNumberOf, setClubStatus,
} from '../../support/factories.js';

const service = await startService(t);

/**
 * A federation with an origin club holding an approved license, a destination and a bystander;
 * its open season in `year` when given, else in a random one.
 */
async function world(year?: number) {
  const federation = await createFederation(service);
  if (year) await createSeason(service, federation.id, 'open', year);
  const [origin, destination, bystander] = [await createClub(service, federation), await createClub(service, federation), await createClub(service, federation)];
  const license = await createLicense(service, origin.id, { status: 'approved' });
  return { federation, origin, destination, bystander, license, number: await licenseNumberOf(service, license) };
}

t.test('the destination requests by license number; both clubs and the federation hear of it, nobody else', async (t) => {
  const { federation, origin, destination, bystander, license, number } = await world();
  const res = await destination.call('POST', '/v1/club/transfers', { license_number: number });
  t.equal(res.status, 201);
  const transfer = res.body.data;
  t.equal(res.headers.get('location'), `/v1/club/transfers/${transfer.id}`);
  t.same(Object.keys(transfer).sort(), ['created_at', 'decided_at', 'from_club_id', 'id', 'license_id', 'license_number', 'person_id',
    'reason', 'released_at', 'requested_at', 'season_id', 'status', 'to_club_id', 'updated_at', 'version']);
  t.match(transfer, { license_id: license, license_number: number, from_club_id: origin.id, to_club_id: destination.id, status: 'requested', version: 1 });
  for (const party of [origin, destination, federation]) t.same(await feedOf(party), [['transfer', transfer.id, 'created', 1]]);
  t.same(await feedOf(bystander), []);
  t.same((await walkPages<any>(origin, '/v1/club/transfers')).rows, [transfer], 'the origin lists it as the destination was answered');
});

t.test('each rule refuses and changes nothing', async (t) => {
  const { federation, origin, destination, number } = await world();
  const suspendedLicense = await licenseNumberOf(service, await createLicense(service, origin.id, { status: 'suspended' }));
  // Numbers count per federation and year: in the same year the foreign first license would carry
  // this federation's own first number (in 1 run of 90, when the random years met).
  const foreign = await world(Number(number.slice(0, 4)) + 1);
  const cases: [string, typeof destination, unknown, number, string, string?][] = [
    ['an unknown number', destination, { license_number: '1999-999999' }, 404, 'not_found'],
    ['another federation\'s number', destination, { license_number: foreign.number }, 404, 'not_found'],
    ['the club\'s own license', origin, { license_number: number }, 422, 'rule_violation', 'same_club'],
    ['a suspended license', destination, { license_number: suspendedLicense }, 409, 'invalid_state'],
    ['no number', destination, {}, 422, 'validation_failed'],
    ['an empty number', destination, { license_number: '' }, 422, 'validation_failed'],
  ];
  for (const [label, caller, body, status, code, reason] of cases) {
    const res = await caller.call('POST', '/v1/club/transfers', body);
    t.equal(res.status, status, label);
    t.equal(res.body.code, code, label);
    t.equal(res.body.reason, reason, label);
  }
  await setClubStatus(service, destination.id, 'suspended');
  const suspended = await destination.call('POST', '/v1/club/transfers', { license_number: number });
  t.equal(suspended.status, 422);
  t.equal(suspended.body.reason, 'club_suspended');
  for (const tenant of [origin, destination, federation]) t.same(await feedOf(tenant), [], `${tenant.kind} ${tenant.id}: no change`);
  t.same((await walkPages(federation, '/v1/federation/transfers')).ids, []);
  await setClubStatus(service, destination.id, 'active');
  t.equal((await destination.call('POST', '/v1/club/transfers', { license_number: number })).status, 201, 'reinstated, it may ask again');
});

t.test('one open transfer per license: 409 for any club while one is requested or released', async (t) => {
  const { origin, destination, bystander, number } = await world();
  const first = (await destination.call('POST', '/v1/club/transfers', { license_number: number })).body.data;
  const again = await bystander.call('POST', '/v1/club/transfers', { license_number: number });
  t.equal(again.status, 409);
  t.equal(again.body.code, 'conflict');
  await origin.call('POST', `/v1/club/transfers/${first.id}/release`);
  t.equal((await destination.call('POST', '/v1/club/transfers', { license_number: number })).status, 409, 'released is still open');
  await destination.call('POST', `/v1/club/transfers/${first.id}/cancel`);
  t.equal((await bystander.call('POST', '/v1/club/transfers', { license_number: number })).status, 201, 'a cancelled one no longer counts');
});

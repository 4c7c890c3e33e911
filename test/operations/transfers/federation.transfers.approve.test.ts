// The transfer workflow end to end over HTTP: license requested and approved, transfer asked
// for, released, approved; in one transaction the license, both clubs' members and the person move.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import {
  createCategory, createClub, createFederation, createMember, createSeason, type Tenant,
} from '../../support/factories.js';

const service = await startService(t);

/** A licensed player of `origin`, through the API: requested by the club, approved by the federation. */
async function licensedPlayer(federation: Tenant, origin: Tenant) {
  const season = await createSeason(service, federation.id, 'open', 2030);
  const category = await createCategory(service, federation.id, { code: 'SEN' });
  const member = await createMember(service, origin, { first_name: 'Jesse', last_name: 'Çelik', birth_date: '2004-09-09', gender: 'non_binary' });
  const requested = await origin.call('POST', '/v1/club/licenses', { member_id: member, season_id: season, category_id: category });
  const approved = (await federation.call('POST', `/v1/federation/licenses/${requested.body.data.id}/approve`)).body.data;
  return { member, license: approved.id as string, number: approved.number as string, person: approved.person_id as string };
}

t.test('request, release, approve: the license, the members and the person move, and every feed hears of it', async (t) => {
  const federation = await createFederation(service);
  const [origin, destination] = [await createClub(service, federation), await createClub(service, federation)];
  const player = await licensedPlayer(federation, origin);
  const marks = { origin: await feedOf(origin), destination: await feedOf(destination), federation: await feedOf(federation) };

  const transfer = (await destination.call('POST', '/v1/club/transfers', { license_number: player.number })).body.data;
  t.equal(transfer.person_id, player.person);
  const early = await federation.call('POST', `/v1/federation/transfers/${transfer.id}/approve`);
  t.equal(early.status, 409, 'a requested transfer is not approved');
  t.equal(early.body.code, 'invalid_state');
  t.equal((await origin.call('POST', `/v1/club/transfers/${transfer.id}/release`)).status, 200);

  const approved = await federation.call('POST', `/v1/federation/transfers/${transfer.id}/approve`, {}, { headers: { 'if-match': '"2"' } });
  t.equal(approved.status, 200);
  t.match(approved.body.data, { status: 'approved', version: 3 });
  t.match(approved.body.data.decided_at, /^\d{4}-/);

  const license = (await destination.call('GET', `/v1/club/licenses/${player.license}`)).body.data;
  t.match(license, { club_id: destination.id, status: 'approved', number: player.number, person_id: player.person, version: 3 });
  t.equal((await origin.call('GET', `/v1/club/licenses/${player.license}`)).status, 404, 'the origin no longer holds it');
  const arrived = (await destination.call('GET', `/v1/club/members/${license.member_id}`)).body.data;
  t.match(arrived, { first_name: 'Jesse', last_name: 'Çelik', birth_date: '2004-09-09', gender: 'non_binary', status: 'active', person_id: player.person });
  t.equal(arrived.joined_on, new Date().toISOString().slice(0, 10));
  t.match((await origin.call('GET', `/v1/club/members/${player.member}`)).body.data, { status: 'archived', person_id: player.person });
  t.equal((await federation.call('GET', `/v1/federation/persons/${player.person}`)).body.data.current_club_id, destination.id);

  const since = (feed: unknown[], mark: unknown[]) => feed.slice(mark.length);
  t.same(since(await feedOf(origin), marks.origin), [
    ['transfer', transfer.id, 'created', 1], ['transfer', transfer.id, 'released', 2], ['transfer', transfer.id, 'approved', 3],
    ['license', player.license, 'updated', 3], ['member', player.member, 'archived', 3],
  ]);
  t.same(since(await feedOf(destination), marks.destination), [
    ['transfer', transfer.id, 'created', 1], ['transfer', transfer.id, 'released', 2], ['transfer', transfer.id, 'approved', 3],
    ['member', arrived.id, 'created', 1], ['license', player.license, 'updated', 3],
  ]);
  t.same(since(await feedOf(federation), marks.federation), [
    ['transfer', transfer.id, 'created', 1], ['transfer', transfer.id, 'released', 2], ['transfer', transfer.id, 'approved', 3],
    ['license', player.license, 'updated', 3], ['person', player.person, 'updated', 2],
  ]);
  const back = await federation.call('POST', `/v1/federation/transfers/${transfer.id}/approve`);
  t.equal(back.body.code, 'invalid_state', 'approved once only');
});

t.test('a player coming back: the club\'s archived member is restored, not duplicated', async (t) => {
  const federation = await createFederation(service);
  const [origin, destination] = [await createClub(service, federation), await createClub(service, federation)];
  const player = await licensedPlayer(federation, origin);
  const move = async (to: Tenant, from: Tenant) => {
    const transfer = (await to.call('POST', '/v1/club/transfers', { license_number: player.number })).body.data;
    await from.call('POST', `/v1/club/transfers/${transfer.id}/release`);
    t.equal((await federation.call('POST', `/v1/federation/transfers/${transfer.id}/approve`)).status, 200);
  };
  await move(destination, origin);
  const away = (await destination.call('GET', `/v1/club/licenses/${player.license}`)).body.data.member_id;
  await move(origin, destination);
  const home = (await origin.call('GET', `/v1/club/licenses/${player.license}`)).body.data;
  t.equal(home.member_id, player.member, 'the license is held by the original member again');
  t.match((await origin.call('GET', `/v1/club/members/${player.member}`)).body.data, { status: 'active', version: 4 });
  t.match((await destination.call('GET', `/v1/club/members/${away}`)).body.data, { status: 'archived' });
  const linked = (await walkPages<any>(origin, '/v1/club/members')).rows.filter((m) => m.person_id === player.person);
  t.equal(linked.length, 1, 'one member of the origin for the person');
  t.same((await feedOf(origin)).filter((row) => row[0] === 'member').map((row) => row[2]), ['updated', 'archived', 'restored']);
});

// federation.licenses.approve: a club requests, the federation approves (number, person, validity);
// numbers stay unique under concurrent approvals; the duplicate check links one human being to one person.
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import {
  createCategory, createClub, createFederation, createLicense, createMember, createSeason, setLicenseCounter, type MemberFields, type Tenant,
} from '../../support/factories.js';

const service = await startService(t);
const today = () => new Date().toISOString().slice(0, 10);

/** A federation with one club, an open season of `year` and an open-age category. */
async function world(year = 2030) {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const season = await createSeason(service, federation.id, 'open', year);
  const category = await createCategory(service, federation.id, { code: 'SEN' });
  return { federation, club, season, category };
}

async function requested(club: Tenant, season: string, category: string, fields: MemberFields = {}) {
  const member = await createMember(service, club, fields);
  const res = await club.call('POST', '/v1/club/licenses', { member_id: member, season_id: season, category_id: category });
  if (res.status !== 201) throw new Error(`request answered ${res.status}`);
  return { member, license: res.body.data.id as string };
}

t.test('request, approve: each in the feeds that should hear of it', async (t) => {
  const { federation, club, season, category } = await world();
  const { member, license } = await requested(club, season, category, { first_name: 'Ada', last_name: 'Brink', birth_date: '2001-02-03', gender: 'female' });
  t.same(await feedOf(federation), [['license', license, 'created', 1]], 'the request appears in the federation\'s feed');

  const approved = await federation.call('POST', `/v1/federation/licenses/${license}/approve`, {}, { headers: { 'if-match': '"1"' } });
  t.equal(approved.status, 200);
  const data = approved.body.data;
  t.notOk('member_id' in data);
  t.match(data, { status: 'approved', number: '2030-000001', valid_from: '2030-01-01', valid_until: '2030-12-31', reason: null, version: 2 });
  t.match(data.decided_at, /^\d{4}-\d{2}-\d{2}T/);
  t.match(data.person_id, /^[1-9][0-9]*$/);

  const memberNow = (await club.call('GET', `/v1/club/members/${member}`)).body.data;
  t.equal(memberNow.person_id, data.person_id, 'member.person_id is set');
  t.equal(memberNow.version, 2);
  const person = (await federation.call('GET', `/v1/federation/persons/${data.person_id}`)).body.data;
  t.match(person, { first_name: 'Ada', last_name: 'Brink', birth_date: '2001-02-03', gender: 'female', current_club_id: club.id });
  t.same(person.licenses, [{ id: license, number: '2030-000001', season_id: season, category_code: 'SEN', club_id: club.id, status: 'approved' }]);
  t.equal((await club.call('GET', `/v1/club/licenses/${license}`)).body.data.member_id, member, 'the club still sees its member');

  t.same(await feedOf(club), [
    ['license', license, 'created', 1], ['license', license, 'approved', 2], ['member', member, 'updated', 2],
  ]);
  t.same(await feedOf(federation), [
    ['license', license, 'created', 1], ['person', data.person_id, 'created', 1], ['license', license, 'approved', 2],
  ]);
});

t.test('valid_from is today when the season has already started', async (t) => {
  const { federation, club, season, category } = await world(2020);
  const { license } = await requested(club, season, category);
  const res = await federation.call('POST', `/v1/federation/licenses/${license}/approve`);
  t.match(res.body.data, { valid_from: today(), valid_until: '2020-12-31', number: '2020-000001' });
});

t.test('only a requested license can be approved: a rejected one is 409 and unchanged; another federation\'s is 404', async (t) => {
  const { federation, club, season, category } = await world();
  const rejected = await createLicense(service, club.id, { season_id: season, category_id: category, status: 'rejected' });
  const late = await federation.call('POST', `/v1/federation/licenses/${rejected}/approve`);
  t.equal(late.status, 409);
  t.equal(late.body.code, 'invalid_state');
  const other = await world();
  const foreign = await createLicense(service, other.club.id, { season_id: other.season });
  t.equal((await federation.call('POST', `/v1/federation/licenses/${foreign}/approve`)).status, 404);
  t.same(await feedOf(federation), []);
  t.same(await feedOf(other.federation), []);
});

t.test('the duplicate check: the same names without case and accents and the same birth date are one person', async (t) => {
  const { federation, club, season, category } = await world();
  const second = await createClub(service, federation);
  const third = await createClub(service, federation);
  const zoe = { first_name: 'Zoë', last_name: 'Müller-Lüdenscheidt', birth_date: '2012-03-14', gender: 'female' };
  const a = await requested(club, season, category, zoe);
  const b = await requested(second, season, category, { ...zoe, first_name: 'zoe', last_name: 'muller-ludenscheidt' });
  const c = await requested(third, season, category, { ...zoe, birth_date: '2012-03-15' });
  const approve = async (id: string) => (await federation.call('POST', `/v1/federation/licenses/${id}/approve`)).body.data;
  const [pa, pb, pc] = [await approve(a.license), await approve(b.license), await approve(c.license)];
  t.equal(pb.person_id, pa.person_id, 'linked to the same person');
  t.not(pc.person_id, pa.person_id, 'another birth date is another person');
  t.equal((await second.call('GET', `/v1/club/members/${b.member}`)).body.data.person_id, pa.person_id);
  const person = (await federation.call('GET', `/v1/federation/persons/${pa.person_id}`)).body.data;
  t.match(person, { first_name: 'Zoë', last_name: 'Müller-Lüdenscheidt', current_club_id: second.id });
  t.same(person.licenses.map((l: { id: string }) => l.id), [b.license, a.license]);

  // The same member next season: linked through member.person_id, whatever the names say now.
  const nextSeason = await createSeason(service, federation.id, 'planned', 2031);
  const next = await createLicense(service, club.id, { member_id: a.member, season_id: nextSeason });
  t.equal((await approve(next)).person_id, pa.person_id);
});

/** Calls again after a 503, as the contract tells a partner to: approvals of one federation queue, and a loaded machine may pass the deadline. */
async function retrying(call: () => Promise<{ status: number; body: any }>) {
  for (let attempt = 1; ; attempt++) {
    const res = await call();
    if (res.status !== 503 || attempt === 30) return res;
    await sleep(100);
  }
}

t.test('20 concurrent approvals: 20 different numbers, no gap (an approval answered 503 took none); two members of one human being: one person', async (t) => {
  const { federation, club, season, category } = await world(2032);
  const licenses: string[] = [];
  for (let i = 0; i < 20; i++) licenses.push(await createLicense(service, club.id, { season_id: season, category_id: category }));
  const answers = await Promise.all(licenses.map((id) => retrying(() => federation.call('POST', `/v1/federation/licenses/${id}/approve`))));
  t.same(answers.map((r) => r.status), licenses.map(() => 200));
  const numbers = answers.map((r) => r.body.data.number as string).sort();
  t.same(numbers, Array.from({ length: 20 }, (_, i) => `2032-${String(i + 1).padStart(6, '0')}`));

  const twin = { first_name: 'Mila', last_name: 'de Boer', birth_date: '2010-10-10' };
  const other = await createClub(service, federation);
  const pair = [
    await createLicense(service, club.id, { season_id: season, category_id: category, member_id: await createMember(service, club, twin) }),
    await createLicense(service, other.id, { season_id: season, category_id: category, member_id: await createMember(service, other, twin) }),
  ];
  const both = await Promise.all(pair.map((id) => federation.call('POST', `/v1/federation/licenses/${id}/approve`)));
  t.same(both.map((r) => r.status), [200, 200]);
  t.equal(both[0]!.body.data.person_id, both[1]!.body.data.person_id);
});

t.test('the year\'s license number 999999 is issued; the next approval is 409 conflict and changes nothing', async (t) => {
  const { federation, club, season, category } = await world(2034);
  const first = await requested(club, season, category);
  const second = await requested(club, season, category);
  await setLicenseCounter(service, federation.id, 2034, 999_998);
  const last = await federation.call('POST', `/v1/federation/licenses/${first.license}/approve`);
  t.equal(last.status, 200);
  t.match(last.body.data, { status: 'approved', number: '2034-999999' });
  const federationFeed = await feedOf(federation);
  const clubFeed = await feedOf(club);
  const before = await club.call('GET', `/v1/club/licenses/${second.license}`);

  const refused = await federation.call('POST', `/v1/federation/licenses/${second.license}/approve`);
  t.equal(refused.status, 409);
  t.same(refused.body, {
    type: 'urn:problem:conflict', title: 'Conflict', status: 409, code: 'conflict',
    detail: 'the federation has issued all 999999 license numbers of 2034', request_id: refused.body.request_id,
  });
  const after = await club.call('GET', `/v1/club/licenses/${second.license}`);
  t.same(after.body.data, before.body.data, 'the license is still requested, unnumbered, at its version');
  t.match(after.body.data, { status: 'requested', number: null, person_id: null, version: 1 });
  t.equal((await club.call('GET', `/v1/club/members/${second.member}`)).body.data.person_id, null, 'no person linked');
  t.same(await feedOf(federation), federationFeed, 'no feed row for the federation');
  t.same(await feedOf(club), clubFeed, 'no feed row for the club');
  const [counter] = await service.sql`select last_number from license_numbers where federation_id = ${federation.id} and year = 2034`;
  t.equal(counter!.last_number, 999_999, 'the counter stays at the last number');
  const [numbered] = await service.sql<{ n: number }[]>`select count(*)::int as n from licenses where federation_id = ${federation.id} and number is not null`;
  t.equal(numbered!.n, 1, 'only the first license has a number');
});

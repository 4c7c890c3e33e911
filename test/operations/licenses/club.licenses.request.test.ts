// club.licenses.request: every rule of the request refuses with its reason and changes nothing;
// the request reaches the federation's feed.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import {
  createCategory, createClub, createFederation, createLicense, createMember, createSeason, setClubStatus, type Tenant,
} from '../../support/factories.js';

const service = await startService(t);

/** A federation with an open season starting 2030-01-01, an active U14 category (ages 12–13) and a club with a 12-year-old. */
async function world() {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const season = await createSeason(service, federation.id, 'open', 2030);
  const category = await createCategory(service, federation.id, { code: 'U14', min_age: 12, max_age: 13 });
  const member = await createMember(service, club, { first_name: 'Lotte', birth_date: '2017-06-01' });
  return { federation, club, season, category, member };
}

async function licensesOf(club: Tenant): Promise<string[]> {
  return (await walkPages(club, '/v1/club/licenses')).ids;
}

t.test('a request answers 201 with the club\'s view, and reaches the club\'s and the federation\'s feeds', async (t) => {
  const { federation, club, season, category, member } = await world();
  const res = await club.call('POST', '/v1/club/licenses', { member_id: member, season_id: season, category_id: category });
  t.equal(res.status, 201);
  const license = res.body.data;
  t.equal(res.headers.get('location'), `/v1/club/licenses/${license.id}`);
  t.equal(res.headers.get('etag'), '"1"');
  t.same(Object.keys(license).sort(), ['category_code', 'category_id', 'club_id', 'created_at', 'decided_at', 'id', 'member_id', 'number',
    'person_id', 'reason', 'requested_at', 'season_id', 'status', 'updated_at', 'valid_from', 'valid_until', 'version']);
  t.match(license, {
    club_id: club.id, member_id: member, season_id: season, category_id: category, category_code: 'U14', status: 'requested',
    number: null, person_id: null, decided_at: null, reason: null, valid_from: null, valid_until: null, version: 1,
  });
  t.match(license.requested_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  const got = await club.call('GET', `/v1/club/licenses/${license.id}`);
  t.equal(got.status, 200);
  t.same(got.body.data, license);
  t.same(await feedOf(club), [['license', license.id, 'created', 1]]);
  t.same(await feedOf(federation), [['license', license.id, 'created', 1]]);
});

t.test('the age range holds on the season\'s start, both bounds included', async (t) => {
  const { club, season, category } = await world();
  for (const birth of ['2018-01-01', '2016-01-02']) {
    const member = await createMember(service, club, { birth_date: birth });
    const res = await club.call('POST', '/v1/club/licenses', { member_id: member, season_id: season, category_id: category });
    t.equal(res.status, 201, `born ${birth}`);
  }
});

t.test('each rule refuses with its reason and changes nothing', async (t) => {
  const { federation, club, season, category, member } = await world();
  const body = { member_id: member, season_id: season, category_id: category };
  const archived = await createMember(service, club, { status: 'archived', birth_date: '2017-06-01' });
  const young = await createMember(service, club, { birth_date: '2018-01-02' });
  const old = await createMember(service, club, { birth_date: '2016-01-01' });
  const retired = await createCategory(service, federation.id, { code: 'OLD', status: 'retired' });
  const other = await world();
  const cases: [string, Record<string, string>, number, string, string?][] = [
    ['archived member', { ...body, member_id: archived }, 422, 'rule_violation', 'member_archived'],
    ['too young', { ...body, member_id: young }, 422, 'rule_violation', 'not_eligible'],
    ['too old', { ...body, member_id: old }, 422, 'rule_violation', 'not_eligible'],
    ['retired category', { ...body, category_id: retired }, 422, 'rule_violation', 'not_eligible'],
    ['another club\'s member', { ...body, member_id: other.member }, 422, 'validation_failed'],
    ['another federation\'s season', { ...body, season_id: other.season }, 422, 'validation_failed'],
    ['another federation\'s category', { ...body, category_id: other.category }, 422, 'validation_failed'],
    ['a member that does not exist', { ...body, member_id: '999999999999' }, 422, 'validation_failed'],
    ['a number for an id', { ...body, member_id: 5 as unknown as string }, 422, 'validation_failed'],
    ['no category', { member_id: member, season_id: season }, 422, 'validation_failed'],
    ['an unknown member', { ...body, extra: 'x' }, 422, 'validation_failed'],
  ];
  for (const [label, input, status, code, reason] of cases) {
    const res = await club.call('POST', '/v1/club/licenses', input);
    t.equal(res.status, status, label);
    t.equal(res.body.code, code, label);
    t.equal(res.body.reason, reason, label);
  }
  const notVisible = await club.call('POST', '/v1/club/licenses', { ...body, member_id: other.member });
  t.same(notVisible.body.errors, [{ path: '/member_id', message: 'no such member in the club' }]);
  t.same(await licensesOf(club), []);
  t.same(await feedOf(club), []);
  t.same(await feedOf(federation), []);
});

t.test('a season that is not open is 422 season_not_open', async (t) => {
  const { federation, club, category, member } = await world();
  for (const status of ['planned', 'closed'] as const) {
    const season = await createSeason(service, federation.id, status, status === 'planned' ? 2031 : 2029);
    const res = await club.call('POST', '/v1/club/licenses', { member_id: member, season_id: season, category_id: category });
    t.equal(res.status, 422, status);
    t.equal(res.body.reason, 'season_not_open', status);
  }
  t.same(await licensesOf(club), []);
});

t.test('a suspended club is 422 club_suspended; reinstated, it may request again', async (t) => {
  const { club, season, category, member } = await world();
  const body = { member_id: member, season_id: season, category_id: category };
  await setClubStatus(service, club.id, 'suspended');
  const refused = await club.call('POST', '/v1/club/licenses', body);
  t.equal(refused.status, 422);
  t.equal(refused.body.reason, 'club_suspended');
  t.same(await licensesOf(club), []);
  await setClubStatus(service, club.id, 'active');
  t.equal((await club.call('POST', '/v1/club/licenses', body)).status, 201);
});

t.test('one live license per member and season: 409 while one is requested, approved or suspended', async (t) => {
  const { club, season, category, member } = await world();
  const body = { member_id: member, season_id: season, category_id: category };
  const first = (await club.call('POST', '/v1/club/licenses', body)).body.data;
  const again = await club.call('POST', '/v1/club/licenses', body);
  t.equal(again.status, 409);
  t.equal(again.body.code, 'conflict');
  for (const status of ['approved', 'suspended'] as const) {
    const holder = await createMember(service, club, { birth_date: '2017-06-01' });
    await createLicense(service, club.id, { member_id: holder, season_id: season, category_id: category, status });
    t.equal((await club.call('POST', '/v1/club/licenses', { ...body, member_id: holder })).status, 409, status);
  }
  t.equal((await club.call('POST', `/v1/club/licenses/${first.id}/withdraw`)).status, 200);
  t.equal((await club.call('POST', '/v1/club/licenses', body)).status, 201, 'a withdrawn request no longer counts');
});

t.test('a member who holds a license cannot be erased (409), only archived', async (t) => {
  const { club, season, category, member } = await world();
  await club.call('POST', '/v1/club/licenses', { member_id: member, season_id: season, category_id: category });
  const res = await club.call('DELETE', `/v1/club/members/${member}`);
  t.equal(res.status, 409);
  t.equal(res.body.code, 'invalid_state');
  t.equal((await club.call('GET', `/v1/club/members/${member}`)).status, 200);
  const free = await createMember(service, club);
  t.equal((await club.call('DELETE', `/v1/club/members/${free}`)).status, 200, 'a member without one still can be');
});

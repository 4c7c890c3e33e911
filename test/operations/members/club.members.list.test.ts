import { createHash } from 'node:crypto';
import t from 'tap';
import { walkPages } from '../../support/pages.js';
import { startService } from '../../support/harness.js';
import { addToRoster, backdate, createClub, createTeam, type Tenant } from '../../support/factories.js';

const service = await startService(t);

const add = async (club: Tenant, first: string, last: string, extra: Record<string, unknown> = {}) =>
  (await club.call('POST', '/v1/club/members', { first_name: first, last_name: last, birth_date: '2001-02-03', gender: 'male', ...extra })).body.data;
const ids = (res: { body: any }) => res.body.data.map((m: any) => m.id);

t.test('pages follow the cursor in id order with no duplicates or misses', async (t) => {
  const club = await createClub(service);
  const other = await createClub(service);
  await add(other, 'Not', 'Mine');
  const all: string[] = [];
  for (let i = 0; i < 7; i++) all.push((await add(club, `P${i}`, 'Page')).id);
  const { ids: seen, pages } = await walkPages(club, '/v1/club/members?limit=3');
  t.equal(pages, 3);
  t.same(seen, all);
  const whole = await club.call('GET', '/v1/club/members');
  t.same(ids(whole), all, 'default limit 25 holds them all');
  t.same(whole.body.meta, { next_cursor: null });
  t.same(Object.keys(whole.body.data[0]).sort(), [
    'address', 'birth_date', 'created_at', 'email', 'external_ref', 'first_name', 'gender', 'guardians', 'id', 'joined_on',
    'last_name', 'person_id', 'phone', 'status', 'updated_at', 'version',
  ]);
  const exact = await club.call('GET', '/v1/club/members?limit=7');
  t.equal(exact.body.meta.next_cursor, null, 'a full last page has no further cursor');
});

t.test('a listed member is, byte for byte, the member GET and POST answer', async (t) => {
  const club = await createClub(service);
  const full = await add(club, 'Zoë', 'O\'Brien "Jr"', {
    email: 'zoe@example.org', phone: '+31 6 1234 5678', external_ref: 'crm\\7', joined_on: '2024-09-01',
    address: { line1: 'Dorpsstraat 3', postal_code: '1234 AB', city: 'Ede', country: 'NL' },
    guardians: [{ name: 'Eva', relationship: 'mother', email: 'eva@example.org' }],
  });
  const bare = await add(club, 'Bo', 'Ng');
  const listed = await club.call('GET', '/v1/club/members');
  for (const created of [full, bare]) {
    const got = await club.call('GET', `/v1/club/members/${created.id}`);
    const item = listed.body.data.find((m: { id: string }) => m.id === created.id);
    t.equal(JSON.stringify(item), JSON.stringify(got.body.data), `member ${created.id}: same keys, order and values as GET`);
    t.equal(JSON.stringify(item), JSON.stringify(created), `member ${created.id}: as POST answered it`);
  }
});

t.test('filters: status, q, external_ref, updated_since', async (t) => {
  const club = await createClub(service);
  const anna = await add(club, 'Anna', 'de Vries', { external_ref: 'E-1' });
  const bert = await add(club, 'Bert', 'VRIESMAN');
  const cara = await add(club, 'Cara', 'Pct_50%');
  await club.call('POST', `/v1/club/members/${bert.id}/archive`, {});
  const get = (qs: string) => club.call('GET', `/v1/club/members?${qs}`);
  t.same(ids(await get('status=active')), [anna.id, cara.id]);
  t.same(ids(await get('status=archived')), [bert.id]);
  t.same(ids(await get('q=vries')), [anna.id, bert.id], 'case-insensitive on the last name');
  t.same(ids(await get('q=ANNA%20DE')), [anna.id], 'matches across first and last name');
  t.same(ids(await get('q=%25')), [cara.id], 'a % is a literal character');
  t.same(ids(await get('q=_')), [cara.id], 'an _ is a literal character');
  t.same(ids(await get('q=vries&status=active')), [anna.id], 'filters combine');
  t.same(ids(await get('q=nobody')), []);
  t.same(ids(await get('external_ref=E-1')), [anna.id]);
  t.same(ids(await get('external_ref=e-1')), [], 'external_ref matches exactly');
  await backdate(service, 'members', [anna.id, cara.id], '2020-01-01T00:00:00Z');
  t.same(ids(await get('updated_since=2021-01-01T00:00:00Z')), [bert.id]);
  t.same(ids(await get('updated_since=2020-01-01T00:00:00.000Z')), [anna.id, bert.id, cara.id], 'inclusive bound');
  t.same(ids(await get('updated_since=2020-01-01T01:00:00%2B02:00')), [anna.id, bert.id, cara.id], 'offsets are honoured');
  const paged = await get('status=active&limit=1');
  t.same(ids(paged), [anna.id]);
  const next = await get(`status=active&limit=1&cursor=${paged.body.meta.next_cursor}`);
  t.same(ids(next), [cara.id], 'the cursor keeps the filter');
  const wrongFilter = await get(`status=archived&limit=1&cursor=${paged.body.meta.next_cursor}`);
  t.equal(wrongFilter.status, 400);
  t.equal(wrongFilter.body.code, 'invalid_cursor');
});

t.test('team_id lists the members on that team\'s roster', async (t) => {
  const club = await createClub(service);
  const other = await createClub(service);
  const [a, b] = [await add(club, 'On', 'Team'), await add(club, 'Off', 'Team')];
  const team = { id: await createTeam(service, club) };
  await addToRoster(service, team.id, a.id);
  t.same(ids(await club.call('GET', `/v1/club/members?team_id=${team.id}`)), [a.id]);
  t.notOk(ids(await club.call('GET', `/v1/club/members?team_id=${team.id}`)).includes(b.id));
  t.same(ids(await other.call('GET', `/v1/club/members?team_id=${team.id}`)), [], 'another club\'s team shows nothing');
  t.same(ids(await club.call('GET', '/v1/club/members?team_id=999999999999')), []);
});

t.test('malformed queries are 400 invalid_query; foreign cursors 400 invalid_cursor', async (t) => {
  const club = await createClub(service);
  await add(club, 'A', 'B');
  await add(club, 'C', 'D');
  const bad: [string, string][] = [
    ['limit=0', 'limit'], ['limit=101', 'limit'], ['limit=ten', 'limit'], ['status=gone', 'status'],
    ['team_id=abc', 'team_id'], ['team_id=99999999999999999999', 'team_id'], ['team_id=9999999999999999999', 'team_id'],
    ['updated_since=yesterday', 'updated_since'], ['updated_since=2024-01-01', 'updated_since'],
    ['q=', 'q'], ['external_ref=', 'external_ref'], ['sort=name', 'sort'], ['status=active&status=archived', 'status'],
  ];
  for (const [qs, path] of bad) {
    const res = await club.call('GET', `/v1/club/members?${qs}`);
    t.equal(res.status, 400, qs);
    t.equal(res.body.code, 'invalid_query');
    t.equal(res.body.errors[0].path, path);
  }
  const cursor = (keys: unknown[]) => {
    const binding = createHash('sha256').update(JSON.stringify(['club.members.list', []])).digest('base64url').slice(0, 16);
    return Buffer.from(JSON.stringify([binding, ...keys])).toString('base64url');
  };
  const first = await club.call('GET', '/v1/club/members?limit=1');
  const forged = await club.call('GET', `/v1/club/members?limit=1&cursor=${cursor([first.body.data[0].id])}`);
  t.equal(forged.body.code, 'invalid_cursor', 'a hand-made cursor is refused even with a real position');
  for (const c of ['garbage', cursor(['abc']), cursor(['1', '2']), cursor([5])]) {
    const res = await club.call('GET', `/v1/club/members?cursor=${c}`);
    t.equal(res.status, 400, c);
    t.equal(res.body.code, 'invalid_cursor');
  }
  const feedCursor = (await club.call('GET', '/v1/club/changes?limit=1')).body.meta.next_cursor;
  t.equal((await club.call('GET', `/v1/club/members?cursor=${feedCursor}`)).body.code, 'invalid_cursor', 'another list\'s cursor');
});

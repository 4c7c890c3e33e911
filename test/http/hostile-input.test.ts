// Input that passes a naive schema but that Postgres cannot store or compare: refused as a clear
// 4xx before it reaches SQL, and nothing is written. Cursors are the server's own (HMAC).
import t from 'tap';
import { operations } from '../../src/operations/index.js';
import { generateOpenApi } from '../../src/openapi/generate.js';
import { request, startService } from '../support/harness.js';
import { createClub } from '../support/factories.js';

const service = await startService(t);
const club = await createClub(service);
const member = { first_name: 'Ada', last_name: 'Lovelace', birth_date: '2010-12-10', gender: 'female' };
const slot = { kind: 'training', title: 'Drills', starts_at: '2030-01-01T10:00:00Z', ends_at: '2030-01-01T11:00:00Z' };
const counts = async () => (await service.sql`
  select (select count(*) from members where club_id = ${club.id}) as members,
         (select count(*) from activities where club_id = ${club.id}) as activities,
         (select count(*) from changes where workspace_id = ${club.id}) as changes`)[0];

t.test('NUL and unpaired surrogates in any string of a body: 422 naming each, nothing written', async (t) => {
  const before = await counts();
  const cases: [string, unknown, string][] = [
    ['a name', { ...member, first_name: 'A\u0000da' }, '/first_name'],
    ['an external_ref', { ...member, external_ref: 'x\u0000' }, '/external_ref'],
    ['a guardian', { ...member, guardians: [{ name: 'G\u0000', relationship: 'aunt' }] }, '/guardians/0/name'],
    ['an address line', { ...member, address: { line1: '\ud800', postal_code: '1', city: 'C', country: 'NL' } }, '/address/line1'],
    ['a low surrogate alone', { ...member, last_name: 'x\udc00y' }, '/last_name'],
    ['a member name', { ...member, ['na\u0000me']: 1 }, '/na\u0000me'],
  ];
  for (const [label, body, path] of cases) {
    const res = await club.call('POST', '/v1/club/members', body);
    t.equal(res.status, 422, label);
    t.equal(res.body.code, 'validation_failed', label);
    t.same(res.body.errors[0], { path, message: 'must not contain NUL characters or unpaired surrogates' }, label);
  }
  const notes = await club.call('POST', '/v1/club/activities', { ...slot, notes: 'n\u0000' });
  t.equal(notes.body.errors[0].path, '/notes');
  const pair = await club.call('POST', '/v1/club/members', { ...member, first_name: 'Ada 😀' });
  t.equal(pair.status, 201, 'a surrogate pair (an emoji) is fine');
  t.same(await counts(), { ...before, members: String(Number(before!.members) + 1), changes: String(Number(before!.changes) + 1) });
});

t.test('bodies nested deeper than 32 levels are 400 before any schema walks them', async (t) => {
  const deep = '{"guardians":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}';
  const res = await club.call('POST', '/v1/club/members', deep);
  t.equal(res.status, 400);
  t.equal(res.body.code, 'invalid_request');
  t.match(res.body.detail, /nested deeper than 32/);
});

t.test('NUL in a query value or name: 400 invalid_query', async (t) => {
  for (const q of ['q=%00', 'external_ref=a%00b', 'status=active%00', '%00=1', 'q=x&q=%00']) {
    const res = await club.call('GET', `/v1/club/members?${q}`);
    t.equal(res.status, 400, q);
    t.equal(res.body.code, 'invalid_query', q);
  }
});

t.test('__proto__ and constructor are unknown query parameters like any other', async (t) => {
  for (const q of ['__proto__=x', 'constructor=x', '__proto__[limit]=1', 'toString=1']) {
    for (const path of ['/v1/me', '/v1/club/members']) {
      const res = await club.call('GET', `${path}?${q}`);
      t.equal(res.status, 400, `${path}?${q}`);
      t.equal(res.body.code, 'invalid_query', `${path}?${q}`);
    }
  }
  const body = await club.call('POST', '/v1/club/members', `{"__proto__":{"x":1},${JSON.stringify(member).slice(1)}`);
  t.equal(body.status, 422);
  t.same(body.body.errors, [{ path: '/__proto__', message: 'unknown member' }]);
});

t.test('dates and instants only in the years 0001 to 9999, UTC included', async (t) => {
  const before = await counts();
  const bodies: [string, unknown, string][] = [
    ['/v1/club/members', { ...member, birth_date: '0000-01-01' }, '/birth_date'],
    ['/v1/club/members', { ...member, joined_on: '0000-12-31' }, '/joined_on'],
    ['/v1/club/activities', { ...slot, starts_at: '0000-01-01T10:00:00Z' }, '/starts_at'],
    ['/v1/club/activities', { ...slot, starts_at: '0001-01-01T00:00:00+01:00' }, '/starts_at'],
    ['/v1/club/activities', { ...slot, ends_at: '9999-12-31T23:00:00-05:00' }, '/ends_at'],
  ];
  for (const [path, body, pointer] of bodies) {
    const res = await club.call('POST', path, body);
    t.equal(res.status, 422, `${pointer} ${JSON.stringify(body)}`);
    t.equal(res.body.errors[0].path, pointer);
  }
  const year0 = await club.call('POST', '/v1/club/members', { ...member, birth_date: '0000-02-29' });
  t.equal(year0.body.errors[0].message, 'must be from 0001-01-01 to 9999-12-31');
  for (const q of ['updated_since=0000-01-01T00:00:00Z', 'from=0000-06-01T00:00:00Z', 'to=9999-12-31T23:59:59-01:00']) {
    const res = await club.call('GET', `/v1/club/activities?${q}`);
    t.equal(res.status, 400, q);
    t.equal(res.body.code, 'invalid_query', q);
  }
  const edges = await club.call('POST', '/v1/club/activities', { ...slot, starts_at: '0001-01-01T00:00:00Z', ends_at: '9999-12-31T23:59:59.999Z' });
  t.equal(edges.status, 201, 'the first and the last instant are stored');
  t.equal(edges.body.data.ends_at, '9999-12-31T23:59:59.999Z');
  t.equal((await club.call('GET', '/v1/club/activities?from=0001-01-01T00:00:00Z')).status, 200);
  t.equal((await counts())!.activities, String(Number(before!.activities) + 1));
});

t.test('the OpenAPI reference states the year range in the patterns', async (t) => {
  const doc = generateOpenApi(operations, 'test') as any;
  const create = doc.paths['/v1/club/members'].post.requestBody.content['application/json'].schema;
  const body = create.$ref ? doc.components.schemas[create.$ref.split('/').pop()] : create;
  t.equal(body.properties.birth_date.pattern, '^(?!0000)\\d{4}-\\d{2}-\\d{2}$');
  const since = doc.paths['/v1/club/members'].get.parameters.find((p: any) => p.name === 'updated_since');
  t.match(since.schema.pattern, /^\^\(\?!0000\)/, 'the year range leads the timestamp pattern');
  t.equal(since.schema.format, 'date-time');
});

t.test('cursors carry an HMAC: hand-made ones are 400, another instance\'s are good', async (t) => {
  for (let i = 0; i < 3; i++) await club.call('POST', '/v1/club/members', { ...member, first_name: `P${i}` });
  const first = await club.call('GET', '/v1/club/members?limit=1');
  const cursor: string = first.body.meta.next_cursor;
  const [tag, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  const make = (...parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
  for (const forged of [make(tag, String(Number(id) + 1)), make(tag, '0\u0000'), make(tag, id, id), make('x'.repeat(22), id), cursor.slice(0, -2), '']) {
    const res = await club.call('GET', `/v1/club/members?limit=1&cursor=${forged}`);
    t.equal(res.status, 400, forged);
    t.equal(res.body.code, 'invalid_cursor', forged);
  }
  const elsewhere = await startService(t);
  const next = await club.call('GET', `/v1/club/members?limit=1&cursor=${cursor}`);
  const there = await request(elsewhere.url, 'GET', `/v1/club/members?limit=1&cursor=${cursor}`, { key: club.key });
  t.equal(there.status, 200, 'an instance sharing the master key takes the cursor');
  t.same(there.body.data, next.body.data);
});

// The pipeline over a real socket: what the server adds (request ids, no-store, no CORS, OPTIONS,
// health, 413, a GET's body) and whole round trips. Checks that need no socket (order, scope, kind,
// validation, error mapping) are in test/http/handle.test.ts.
import t from 'tap';
import { request, startService } from '../support/harness.js';
import { walkPages } from '../support/pages.js';
import { createClub } from '../support/factories.js';
import { rawRequest } from '../support/raw.js';
import { createThingsTable, table } from './pipeline-table.js';

const service = await startService(t, {}, table);
await createThingsTable(service.sql);
const club = await createClub(service);
const count = async () => Number((await service.sql`select count(*) from test_things where club_id = ${club.id}`)[0]!.count);

t.test('create answers 201 with Location and records a change', async (t) => {
  const res = await club.call('POST', '/v1/club/things', { name: 'ball' });
  t.equal(res.status, 201);
  t.equal(res.headers.get('location'), `/v1/club/things/${res.body.data.id}`);
  t.same(res.body.data, { id: res.body.data.id, name: 'ball', color: null, version: 1 });
  t.notOk('meta' in res.body, 'meta only where there is something to say');
  const feed = await club.call('GET', '/v1/club/changes');
  const last = feed.body.data.at(-1);
  t.match(last, { resource_type: 'thing', resource_id: res.body.data.id, action: 'created', version: 1, key_id: club.keyId });
  t.equal(last.request_id, res.headers.get('x-request-id'));
});

t.test('ETag and If-Match: a stale version is 412 and changes nothing', async (t) => {
  const created = await club.call('POST', '/v1/club/things', { name: 'cone' });
  const path = `/v1/club/things/${created.body.data.id}`;
  const got = await club.call('GET', path);
  t.equal(got.headers.get('etag'), '"1"');
  const ok = await club.call('PATCH', path, { color: 'red' }, { headers: { 'if-match': '"1"', 'content-type': 'application/merge-patch+json' } });
  t.equal(ok.status, 200);
  t.equal(ok.body.data.version, 2);
  const stale = await club.call('PATCH', path, { color: 'blue' }, { headers: { 'if-match': '"1"' } });
  t.equal(stale.status, 412);
  t.equal(stale.body.code, 'precondition_failed');
  t.equal((await club.call('GET', path)).body.data.color, 'red');
  t.equal((await club.call('PATCH', path, { color: null }, { headers: { 'if-match': '*' } })).body.data.color, null);
  t.equal((await club.call('PATCH', path, {}, { headers: { 'if-match': 'nonsense' } })).status, 412);
  t.equal((await club.call('PATCH', '/v1/club/things/999999999', {}, { headers: { 'if-match': '"1"' } })).status, 404);
});

t.test('bodies over the socket: over 1 MiB is 413, a GET with a body 400; neither writes', async (t) => {
  const before = await count();
  const big = await club.call('POST', '/v1/club/things', { name: 'x', pad: 'y'.repeat(1024 * 1024) });
  t.equal(big.status, 413);
  t.equal(big.body.code, 'payload_too_large');
  const getBody = await rawRequest(service.url, 'GET', '/v1/me', { body: '{}', headers: { 'content-type': 'application/json' }, key: club.key });
  t.equal(getBody.status, 400);
  t.equal(getBody.body.code, 'invalid_request');
  t.equal(await count(), before);
});

t.test('lists: keyset pages, filters, a cursor of other filters', async (t) => {
  const other = await createClub(service);
  for (const color of ['red', 'blue', 'red', 'red', 'blue']) await other.call('POST', '/v1/club/things', { name: 'p', color });
  const { ids: seen, pages } = await walkPages(other, '/v1/club/things?limit=2');
  t.equal(seen.length, 5);
  t.equal(pages, 3, 'pages of at most 2');
  t.same([...seen].sort((a, b) => Number(a) - Number(b)), seen, 'ascending id');
  const reds = await other.call('GET', '/v1/club/things?color=red&limit=2');
  t.equal(reds.body.data.length, 2);
  const crossed = await other.call('GET', `/v1/club/things?color=blue&cursor=${reds.body.meta.next_cursor}`);
  t.equal(crossed.body.code, 'invalid_cursor');
});

t.test('transport: request ids, no-store, no CORS, OPTIONS, health, unknown paths', async (t) => {
  const echoed = await club.call('GET', '/v1/me', undefined, { headers: { 'x-request-id': 'abc.DEF-1_2' } });
  t.equal(echoed.headers.get('x-request-id'), 'abc.DEF-1_2');
  const replaced = await club.call('GET', '/v1/me', undefined, { headers: { 'x-request-id': 'bad id!' } });
  t.match(replaced.headers.get('x-request-id'), /^req_[A-Za-z0-9_-]{16}$/);
  // Ids are cut from pooled random blocks of 340: a thousand requests cross two refills.
  const ids = await Promise.all(Array.from({ length: 1000 }, () => request(service.url, 'GET', '/nowhere').then((r) => r.headers.get('x-request-id'))));
  t.equal(new Set(ids).size, 1000, 'a thousand requests, a thousand ids');
  t.ok(ids.every((id) => /^req_[A-Za-z0-9_-]{16}$/.test(id!)), 'every one of the same form');
  const options = await request(service.url, 'OPTIONS', '/v1/club/things', { headers: { origin: 'https://example.com', 'access-control-request-method': 'POST' } });
  t.equal(options.status, 405);
  t.equal(options.body.code, 'method_not_allowed');
  for (const res of [echoed, options, await request(service.url, 'GET', '/health'), await request(service.url, 'GET', '/nowhere')]) {
    t.equal(res.headers.get('cache-control'), 'no-store');
    t.same([...res.headers.keys()].filter((h) => h.startsWith('access-control-')), []);
  }
  const health = await request(service.url, 'GET', '/health');
  t.equal(health.status, 200);
  t.same(Object.keys(health.body).sort(), ['database', 'status', 'version']);
  t.equal((await request(service.url, 'POST', '/health')).status, 405);
  t.equal((await request(service.url, 'GET', '/nowhere')).status, 404);
});

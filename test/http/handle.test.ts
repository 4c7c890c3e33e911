// The pipeline without a socket: handle() takes a request as plain values (Incoming) and answers
// status, headers and body. The app is built as startService builds it (real Postgres, real
// signatures), but nothing listens: what the order of conventions.md "Order of the pipeline", scope,
// kind, validation and error mapping decide is checked here; test/http/pipeline.test.ts keeps what
// needs the socket (request ids, no-store, 413, a GET's body).
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { servingPool } from '../../src/db/pool.js';
import { handle, type Incoming } from '../../src/http/pipeline.js';
import { createApp } from '../../src/runtime.js';
import { signRequest, type SigningKey } from '../../src/signing/client.js';
import { databaseUrl, type Service } from '../support/harness.js';
import { createClub, createFederation } from '../support/factories.js';
import { createThingsTable, table } from './pipeline-table.js';

const url = databaseUrl();
const config = loadConfig({ ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent', WEBHOOK_CONCURRENCY: '0' });
const pool = servingPool(url, 4);
const sql = pool.current; // no outage here
const { app, stop } = await createApp(config, pool, table);
t.teardown(async () => {
  await stop();
  await pool.end({ timeout: 1 });
});
// The factories write through SQL and the console; none of them sends a request here.
const service: Service = { url: 'http://handle.invalid', sql, masterKey: config.secretKey!, router: app.router };
await createThingsTable(sql);
const club = await createClub(service);
const reader = await createClub(service, undefined, { scopes: ['club:profile:read'] });
const federation = await createFederation(service);
const authority = 'api.example';

interface Send { body?: unknown; headers?: Record<string, string>; key?: SigningKey; tamper?: boolean }

function incoming(method: string, target: string, options: Send = {}): Incoming {
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  let headers: Record<string, string> = { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers };
  if (options.key) headers = signRequest({ method, url: `http://${authority}${target}`, headers, body, key: options.key });
  if (options.tamper) headers.signature = `sig1=:${Buffer.alloc(32, 1).toString('base64')}:`;
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return { requestId: 'req_handle', method, target, authority, scheme: 'http', headers, readBody: async () => Buffer.from(body ?? '') };
}

async function send(method: string, target: string, options: Send = {}) {
  const handled = await handle(app, incoming(method, target, options));
  const { status, headers, body } = handled.response;
  return { ...handled, status, headers, body: body ? JSON.parse(body) : undefined };
}

t.test('the order of the pipeline: each check answers before the ones after it', async (t) => {
  const cases: [string, Promise<{ status: number; body: { code: string } }>, number, string][] = [
    ['unsigned, unknown route', send('GET', '/v1/club/nothing'), 401, 'signature_required'],
    ['unsigned, another scheme too', send('GET', '/v1/club/nothing', { headers: { authorization: 'Bearer x' } }), 401, 'unsupported_credentials'],
    ['a bad signature over a bad body', send('POST', '/v1/club/things', { body: '{"name":', key: club.key, tamper: true }), 401, 'signature_invalid'],
    ['route before scope: unknown path', send('GET', '/v1/club/nothing', { key: reader.key }), 404, 'not_found'],
    ['route before scope: wrong method', send('DELETE', '/v1/club/things', { key: reader.key }), 405, 'method_not_allowed'],
    ['scope before validation', send('POST', '/v1/club/things', { body: { name: 5 }, key: reader.key }), 403, 'insufficient_scope'],
    ['scope before the query', send('GET', '/v1/club/things?color=green', { key: reader.key }), 403, 'insufficient_scope'],
    ['kind: a federation on a club route', send('POST', '/v1/club/things', { body: { name: 5 }, key: federation.key }), 404, 'not_found'],
    ['kind: a club on a federation route', send('GET', '/v1/federation/changes?limit=0', { key: club.key }), 404, 'not_found'],
  ];
  for (const [name, answer, status, code] of cases) {
    const res = await answer;
    t.equal(res.status, status, name);
    t.equal(res.body.code, code, name);
  }
});

t.test('rate limit before route: the request over the limit is 429 wherever it goes', async (t) => {
  const limited = await createClub(service, undefined, { rateLimit: 1 });
  t.equal((await send('GET', '/v1/me', { key: limited.key })).status, 200);
  const over = await send('GET', '/v1/club/nothing', { key: limited.key });
  t.equal(over.status, 429);
  t.equal(over.body.code, 'rate_limited');
  t.match(over.headers['retry-after'], /^\d+$/);
  t.equal(over.headers['x-ratelimit-remaining'], '0');
  t.equal(over.operation, undefined, 'no route was looked up');
});

t.test('routing: ids, kinds, methods, scopes', async (t) => {
  for (const id of ['abc', '0', '01', '99999999999999999999', '9223372036854775808']) {
    t.equal((await send('GET', `/v1/club/things/${id}`, { key: club.key })).status, 404, id);
  }
  const wrong = await send('DELETE', '/v1/club/things', { key: club.key });
  t.equal(wrong.status, 405);
  t.equal(wrong.headers.allow, 'POST, GET');
  const denied = await send('POST', '/v1/club/things', { body: { name: 'x' }, key: reader.key });
  t.equal(denied.status, 403);
  t.match(denied.body.detail, 'club:members:write');
  t.equal(denied.operation, 'club.things.create', 'the log names the operation a scope refused');
  t.equal((await send('OPTIONS', '/v1/club/things')).headers.allow, 'POST, GET');
  t.equal((await send('GET', '/elsewhere')).status, 404, 'outside /v1 and /health, unsigned');
  t.equal((await send('POST', '/health')).status, 405);
});

t.test('validation: body media type, JSON, strictness; query; each refusal writes nothing', async (t) => {
  const count = async () => Number((await sql`select count(*) from test_things where club_id = ${club.id}`)[0]!.count);
  const before = await count();
  const cases: [string, Send, number, string][] = [
    ['text/plain', { body: '{"name":"x"}', headers: { 'content-type': 'text/plain' } }, 415, 'unsupported_media_type'],
    ['merge-patch on POST', { body: '{"name":"x"}', headers: { 'content-type': 'application/merge-patch+json' } }, 415, 'unsupported_media_type'],
    ['latin-1 charset', { body: '{"name":"x"}', headers: { 'content-type': 'application/json; charset=iso-8859-1' } }, 415, 'unsupported_media_type'],
    ['broken JSON', { body: '{"name":' }, 400, 'invalid_request'],
    ['an array', { body: '[1]' }, 400, 'invalid_request'],
    ['a string', { body: '"x"' }, 400, 'invalid_request'],
    ['unknown member', { body: { name: 'x', extra: 1 } }, 422, 'validation_failed'],
    ['wrong type', { body: { name: 5 } }, 422, 'validation_failed'],
    ['too long', { body: { name: 'x'.repeat(11) } }, 422, 'validation_failed'],
    ['missing member', { body: {} }, 422, 'validation_failed'],
  ];
  for (const [name, c, status, code] of cases) {
    const res = await send('POST', '/v1/club/things', { ...c, key: club.key });
    t.equal(res.status, status, name);
    t.equal(res.body.code, code, name);
    t.equal(res.headers['content-type'], 'application/problem+json', name);
  }
  t.same((await send('POST', '/v1/club/things', { body: { name: 'x', extra: 1 }, key: club.key })).body.errors, [{ path: '/extra', message: 'unknown member' }]);
  t.equal((await send('POST', '/v1/club/things', { body: { name: 5 }, key: club.key })).body.errors[0].path, '/name');
  t.equal(await count(), before);
  for (const q of ['limit=0', 'limit=101', 'limit=x', 'color=green', 'sort=id', 'updated_since=yesterday', 'limit=1&limit=2']) {
    const res = await send('GET', `/v1/club/things?${q}`, { key: club.key });
    t.equal(res.status, 400, q);
    t.equal(res.body.code, 'invalid_query', q);
  }
  t.equal((await send('GET', '/v1/me?x=1', { key: club.key })).body.code, 'invalid_query');
  t.equal((await send('GET', '/v1/club/things?cursor=garbage', { key: club.key })).body.code, 'invalid_cursor');
});

t.test('error mapping: an ApiError is the flat problem; an unexpected exception a 500 that leaks nothing', async (t) => {
  const missing = await send('GET', '/v1/club/things/999999999', { key: club.key });
  t.equal(missing.status, 404);
  t.equal(missing.headers['content-type'], 'application/problem+json');
  t.same(missing.body, { type: 'urn:problem:not_found', title: 'Not found', status: 404, code: 'not_found', detail: 'no such thing', request_id: 'req_handle' });
  t.match(missing, { operation: 'club.things.get', keyId: club.keyId, workspaceId: club.id, fault: undefined });

  const boom = await send('POST', '/v1/club/boom', { body: {}, key: club.key });
  t.equal(boom.status, 500);
  t.same(Object.keys(boom.body).sort(), ['code', 'detail', 'request_id', 'status', 'title', 'type']);
  t.equal(boom.body.code, 'internal_error');
  t.notMatch(JSON.stringify(boom.body), 'secret');
  t.match((boom.fault as Error).message, 'secret internal detail', 'the fault goes to the log only');
  t.equal(boom.headers['x-ratelimit-limit'], '600', 'rate headers on errors too');
});

t.test('a 2xx answer: the envelope, Location, and the rate headers of the credential', async (t) => {
  const res = await send('POST', '/v1/club/things', { body: { name: 'ball' }, key: club.key });
  t.equal(res.status, 201);
  t.same(res.body, { data: { id: res.body.data.id, name: 'ball', color: null, version: 1 } });
  t.equal(res.headers.location, `/v1/club/things/${res.body.data.id}`);
  t.equal(res.headers['content-type'], 'application/json');
  t.equal(res.headers['ratelimit-limit'], '600');
});

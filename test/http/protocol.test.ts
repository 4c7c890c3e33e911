// What Node's HTTP layer refuses, and what a slow, oversized or vanishing client gets: the same
// flat problem+json with X-Request-Id and Cache-Control as every answer, then a closed connection.
import t, { type Test } from 'tap';
import { signRequest } from '../../src/signing/client.js';
import { createLog } from '../../src/http/log.js';
import { request, startService } from '../support/harness.js';
import { createClub } from '../support/factories.js';
import { exchange, type Exchange } from './socket.js';
import { setTimeout as sleep } from 'node:timers/promises';

const log: Record<string, unknown>[] = [];
const service = await startService(t, { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000' }, undefined,
  { log: createLog('info', (line) => void log.push(JSON.parse(line))) });
const club = await createClub(service);

function isProblem(t: Test, res: Exchange, status: number, code: string): void {
  t.equal(res.status, status, code);
  t.equal(res.headers['content-type'], 'application/problem+json');
  t.match(res.body, { status, code, type: `urn:problem:${code}` });
  t.equal(res.headers['x-request-id'], res.body.request_id, 'the request id in header and body');
  t.equal(res.headers['cache-control'], 'no-store');
  t.equal(res.headers['x-content-type-options'], 'nosniff');
  t.equal(res.headers.connection, 'close');
}

/** Signed headers for a POST of `length` declared bytes, as raw header lines. */
function signedHead(path: string, length: number, extra: Record<string, string> = {}): string {
  const url = new URL(path, service.url);
  const headers = signRequest({ method: 'POST', url, headers: { 'content-type': 'application/json', ...extra }, body: '{}', key: club.key });
  const lines = Object.entries({ host: url.host, ...headers, 'content-length': String(length) }).map(([k, v]) => `${k}: ${v}\r\n`);
  return `POST ${path} HTTP/1.1\r\n${lines.join('')}\r\n`;
}

t.test('requests the parser refuses are problem+json: 400, 431, 414', async (t) => {
  isProblem(t, await exchange(service.url, (s) => s.write('NONSENSE\r\n\r\n')), 400, 'invalid_request');
  isProblem(t, await exchange(service.url, (s) => s.write(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`)), 431, 'headers_too_large');
  isProblem(t, await exchange(service.url, (s) => s.write(`GET /v1/me?${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)), 414, 'uri_too_long');
  const long = await request(service.url, 'GET', `/v1/me?${'a'.repeat(9000)}`);
  t.equal(long.status, 414, 'a long target the parser lets through');
  t.equal(long.body.code, 'uri_too_long');
  t.ok(log.some((l) => l.message === 'protocol error' && l.status === 431), 'logged');
});

t.test('header and request timeouts hold within 1 s of the configured 1 s and 2 s', async (t) => {
  const headers = await exchange(service.url, (s) => s.write('GET /health HTTP/1.1\r\nHost: x\r\n'));
  isProblem(t, headers, 408, 'request_timeout');
  t.ok(headers.answeredMs >= 900 && headers.answeredMs < 2000, `headers cut after ${Math.round(headers.answeredMs)} ms`);
  const body = await exchange(service.url, (s) => {
    s.write(signedHead('/v1/club/members', 100));
    const drip = setInterval(() => (s.writable ? s.write(' ') : clearInterval(drip)), 200);
    s.on('close', () => clearInterval(drip));
  });
  isProblem(t, body, 408, 'request_timeout');
  t.ok(body.answeredMs >= 1900 && body.answeredMs < 3000, `a dripping body cut after ${Math.round(body.answeredMs)} ms`);
});

t.test('after 413 the connection is closed, not drained', async (t) => {
  const pump = (s: import('node:net').Socket) => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const more = () => {
      while (s.writable && s.write(chunk));
      if (s.writable) s.once('drain', more);
    };
    more();
  };
  const declared = await exchange(service.url, (s) => {
    s.write(signedHead('/v1/club/members', 100 * 1024 * 1024));
    pump(s);
  });
  isProblem(t, declared, 413, 'payload_too_large');
  t.ok(declared.written < 20 * 1024 * 1024, `closed after ${(declared.written / 1048576).toFixed(1)} MiB of a declared 100 MiB`);
  const chunked = await exchange(service.url, (s) => {
    s.write(signedHead('/v1/club/members', 0).replace('content-length: 0\r\n', 'transfer-encoding: chunked\r\n'));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const more = () => {
      while (s.writable && s.write(`${chunk.length.toString(16)}\r\n`) && s.write(chunk) && s.write('\r\n'));
      if (s.writable) s.once('drain', more);
    };
    more();
  });
  isProblem(t, chunked, 413, 'payload_too_large');
  t.ok(chunked.written < 20 * 1024 * 1024, `a chunked body cut after ${(chunked.written / 1048576).toFixed(1)} MiB`);
});

t.test('a client that hangs up mid-body is logged as such, not as a database fault', async (t) => {
  const before = log.length;
  await exchange(service.url, (s) => {
    s.write(signedHead('/v1/club/members', 1000) + '{"first');
    setTimeout(() => s.destroy(), 100);
  });
  await sleep(200);
  const line = log.slice(before).find((l) => l.message === 'request' && l.path === '/v1/club/members');
  t.match(line, { level: 'info', client_aborted: true, status: 400 });
  t.notOk(line && 'fault' in line, 'no fault');
  t.equal((await club.call('GET', '/v1/me')).status, 200, 'the database is not taken for down');
});

t.test('X-Content-Type-Options: nosniff on every response', async (t) => {
  const answers = [
    await request(service.url, 'GET', '/health'),
    await request(service.url, 'GET', '/v1/me'),
    await request(service.url, 'OPTIONS', '/v1/me'),
    await request(service.url, 'GET', '/nowhere'),
    await club.call('GET', '/v1/me'),
    await club.call('POST', '/v1/club/members', { nope: 1 }),
  ];
  t.same(answers.map((a) => a.headers.get('x-content-type-options')), answers.map(() => 'nosniff'));
  t.same(answers.map((a) => a.headers.get('cache-control')), answers.map(() => 'no-store'));
});

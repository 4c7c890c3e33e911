// Two service instances against one database share each credential's window and its nonces, exactly.
import t from 'tap';
import { request, startService } from '../support/harness.js';
import { createClub } from '../support/factories.js';
import { rawRequest } from '../support/raw.js';
import { signRequest } from '../../src/signing/client.js';

const env = { RATE_WINDOW_S: '3600' };
const a = await startService(t, env);
const b = await startService(t, env);

t.test('the limit is shared by all instances and announced on every response', async (t) => {
  const club = await createClub(a, undefined, { rateLimit: 5 });
  const remaining: string[] = [];
  for (const base of [a.url, b.url, a.url, b.url, a.url]) {
    const res = await request(base, 'GET', '/v1/me', { key: club.key });
    t.equal(res.status, 200);
    for (const name of ['limit', 'remaining', 'reset']) {
      t.equal(res.headers.get(`ratelimit-${name}`), res.headers.get(`x-ratelimit-${name}`), name);
    }
    t.equal(res.headers.get('x-ratelimit-limit'), '5');
    remaining.push(res.headers.get('x-ratelimit-remaining')!);
  }
  t.same(remaining, ['4', '3', '2', '1', '0']);
  const over = await request(b.url, 'GET', '/v1/me', { key: club.key });
  t.equal(over.status, 429);
  t.equal(over.body.code, 'rate_limited');
  t.equal(over.headers.get('retry-after'), over.headers.get('x-ratelimit-reset'));
  t.ok(Number(over.headers.get('retry-after')) > 0);
  t.equal(over.headers.get('x-ratelimit-remaining'), '0');
  const notFound = await request(a.url, 'GET', '/v1/club/none', { key: club.key });
  t.equal(notFound.status, 429, 'the limit comes before routing');
  const me = await createClub(a);
  const info = await request(a.url, 'GET', '/v1/me', { key: me.key });
  t.same(info.body.data.rate_limit, { limit: 600, window_seconds: 3600 });
  t.equal(info.headers.get('x-ratelimit-remaining'), '599', 'another credential has its own window');
});

t.test('a burst of 80 concurrent requests over two instances against a limit of 50', async (t) => {
  const club = await createClub(a, undefined, { rateLimit: 50 });
  const responses = await Promise.all(Array.from({ length: 80 }, (_, i) => request(i % 2 ? a.url : b.url, 'GET', '/v1/me', { key: club.key })));
  const ok = responses.filter((r) => r.status === 200);
  const limited = responses.filter((r) => r.status === 429);
  t.equal(ok.length, 50, 'exactly the limit succeeds');
  t.equal(limited.length, 30, 'the rest are rate_limited');
  t.ok(limited.every((r) => r.body.code === 'rate_limited' && r.headers.get('x-ratelimit-remaining') === '0'));
  const remaining = ok.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((x, y) => y - x);
  t.same(remaining, Array.from({ length: 50 }, (_, i) => 49 - i), 'Remaining 49…0, none twice');
});

t.test('one signed request sent 4 times at once to each of two instances succeeds once', async (t) => {
  const club = await createClub(a);
  for (let round = 0; round < 5; round++) {
    // Signed for a's authority; sent to b with that Host header, as a proxy in front of both would.
    const headers = { ...signRequest({ method: 'GET', url: `${a.url}/v1/me`, key: club.key }), host: new URL(a.url).host };
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => rawRequest(i % 2 ? a.url : b.url, 'GET', '/v1/me', { headers })));
    t.same(responses.map((r) => r.status).sort(), [200, 401, 401, 401, 401, 401, 401, 401], `round ${round}`);
    t.same(new Set(responses.map((r) => r.body.code ?? 'ok')), new Set(['ok', 'replayed_request']));
  }
});

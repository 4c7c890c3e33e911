// Two service instances against one database share each credential's window.
import t from 'tap';
import { request, startService } from '../support/harness.js';
import { createClub } from '../support/factories.js';

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

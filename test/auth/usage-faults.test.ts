// The hot path when Postgres fails: a crash that empties the unlogged nonce table lets no earlier
// signature through, a batch that fails answers all of its requests with 503 at once, and the
// credential cache hears of changes again after an outage. They stop Postgres: a private cluster.
import t, { type Test } from 'tap';
import { privateCluster } from '../support/cluster.js';
import { copyCredential, createClub, type Tenant } from '../support/factories.js';
import { postgres, request, startService, type Service } from '../support/harness.js';
import { revokeCredential } from '../../src/console/credentials.js';
import { rawRequest, type RawResponse } from '../support/raw.js';
import { signRequest } from '../../src/signing/client.js';
import { setTimeout as sleep } from 'node:timers/promises';

const cluster = await privateCluster(t);
const observer = postgres(cluster.url, { max: 1, onnotice: () => {} });
t.teardown(() => observer.end({ timeout: 1 }));

/** Two instances on the private cluster, stopped when the test ends (before the cluster is). */
async function instances(t: Test): Promise<[Service, Service]> {
  const env = { RATE_WINDOW_S: '3600' };
  const options = { databaseUrl: cluster.url };
  return [await startService(t, env, undefined, options), await startService(t, env, undefined, options)];
}

/** Signed once for `a`'s authority; sent to any instance with that Host, byte for byte the same. */
interface Signed { method: string; path: string; body?: string; headers: Record<string, string> }
function sign(a: Service, tenant: Tenant, method: string, path: string, body?: unknown): Signed {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = signRequest({
    method, url: `${a.url}${path}`, body: text, key: tenant.key,
    headers: text === undefined ? {} : { 'content-type': 'application/json' },
  });
  return { method, path, body: text, headers: { ...headers, host: new URL(a.url).host } };
}
const send = (service: Service, s: Signed): Promise<RawResponse> => rawRequest(service.url, s.method, s.path, { body: s.body, headers: s.headers });

async function healthy(service: Service): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await fetch(`${service.url}/health`).then((r) => r.status, () => 0)) !== 200) {
    if (Date.now() > deadline) throw new Error('the service did not recover');
    await sleep(50);
  }
}

t.test('a signature created before a crash is refused after it, on every instance', async (t) => {
  const [a, b] = await instances(t);
  const club = await createClub(a);
  const members = async () => (await a.sql<{ n: number }[]>`select count(*)::int as n from members where club_id = ${club.id}`)[0]!.n;
  const create = sign(a, club, 'POST', '/v1/club/members', { first_name: 'Ada', last_name: 'Lovelace', birth_date: '2010-12-10', gender: 'female' });
  t.equal((await send(a, create)).status, 201);
  t.equal((await send(b, create)).body.code, 'replayed_request', 'replayed before the crash');

  await cluster.stop('immediate');
  await cluster.start();
  const [left] = await observer<{ n: number }[]>`select count(*)::int as n from nonces`;
  t.equal(left!.n, 0, 'the crash emptied the nonce table, sentinel included');
  await Promise.all([healthy(a), healthy(b)]);

  const replays = await Promise.all([send(a, create), send(b, create), send(a, create)]);
  for (const res of replays) {
    t.equal(res.status, 401);
    t.equal(res.body.code, 'signature_expired');
  }
  t.equal(await members(), 1, 'no second member');
  const [floor] = await observer<{ floor: number; sentinels: number }[]>`
    select ceil(extract(epoch from reset_at))::int as floor,
           (select count(*)::int from nonces where credential_id = 0) as sentinels
    from nonce_reset`;
  t.ok(floor!.floor * 1000 > Date.now() - 30_000, 'the floor moved to the reset');
  t.equal(floor!.sentinels, 1, 'one sentinel, though both instances noticed');

  // A signature made after the reset (its created at or past the floor) is served as usual.
  await sleep(Math.max(0, floor!.floor * 1000 - Date.now()));
  const fresh = sign(a, club, 'POST', '/v1/club/members', { first_name: 'Grace', last_name: 'Hopper', birth_date: '2011-12-09', gender: 'female' });
  t.equal((await send(b, fresh)).status, 201);
  t.equal(await members(), 2);
});

t.test('a batch that fails answers each of its requests with 503 at once, and records nothing', async (t) => {
  const [a] = await instances(t);
  const club = await createClub(a, undefined, { rateLimit: 100 });
  const requests = Array.from({ length: 12 }, () => sign(a, club, 'GET', '/v1/me'));
  // A lock on the nonce table holds every bookkeeping statement where it is.
  const locker = postgres(cluster.url, { max: 1, onnotice: () => {} });
  t.teardown(() => locker.end({ timeout: 1 }));
  const holder = await locker.reserve();
  await holder`begin`;
  await holder`lock table nonces in share mode`;

  const answeredAt: number[] = [];
  let open = requests.length;
  const pending = requests.map((r) => send(a, r).finally(() => (answeredAt.push(Date.now()), open--)));
  const blocked = async () => (await observer<{ pid: number }[]>`
    select pid from pg_stat_activity where application_name = 'partner-service' and wait_event_type = 'Lock'`).map((r) => r.pid);
  const firstBlocked: number[] = [];
  for (let i = 0; i < 200 && firstBlocked.length === 0; i++) {
    await sleep(20);
    firstBlocked.push(...(await blocked()));
  }
  t.ok(firstBlocked.length > 0, `${firstBlocked.length} bookkeeping statement(s) blocked`);
  t.equal(answeredAt.length, 0, 'nothing answered while they are blocked');

  // Ending the backends fails their statements; requests still queued form new batches, which
  // block again and are ended in turn.
  const killedAt = Date.now();
  for (let i = 0; i < 100 && open > 0; i++) {
    const pids = await blocked();
    if (pids.length > 0) await observer`select pg_terminate_backend(pid) from unnest(${pids}::int[]) as pid`;
    await sleep(20);
  }
  const responses = await Promise.all(pending);
  t.same(responses.map((r) => `${r.status} ${r.body.code}`), Array<string>(12).fill('503 service_unavailable'));
  t.ok(responses.every((r) => r.headers['retry-after']), 'with Retry-After');
  const slowest = Math.max(...answeredAt) - killedAt;
  t.ok(slowest < 2000, `the last of the 12 answered ${slowest} ms after the first statement was ended`);

  await holder`rollback`;
  holder.release();
  // The ended backends marked the database down: retry as a client honouring Retry-After would,
  // once the service sees it again. A pool connection the kill left behind may fail once more
  // with 503, which records nothing either.
  await healthy(a);
  let retried = await Promise.all(requests.map((r) => send(a, r)));
  for (let i = 0; i < 10 && retried.some((r) => r.status === 503); i++) {
    await sleep(200);
    retried = await Promise.all(requests.map((r, j) => (retried[j]!.status === 503 ? send(a, r) : retried[j]!)));
  }
  t.same(retried.map((r) => `${r.status} ${r.body.code ?? ''}`.trim()), Array<string>(12).fill('200'), 'the same signatures pass: no nonce was recorded');
  const remaining = retried.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((x, y) => y - x);
  t.same(remaining, Array.from({ length: 12 }, (_, i) => 99 - i), 'and nothing was counted');
});

t.test('after an outage longer than a reconnect, revocation and issuance still reach every instance', async (t) => {
  const [a, b] = await instances(t);
  const club = await createClub(a);
  const madeUp = { ...club.key, keyId: 'pk_outageoutageoutageoutage' };
  for (const service of [a, b]) {
    t.equal((await request(service.url, 'GET', '/v1/me', { key: club.key })).status, 200, 'cached');
    t.equal((await request(service.url, 'GET', '/v1/me', { key: madeUp })).body.code, 'unknown_key', 'cached as unknown');
  }
  await cluster.stop('fast');
  await sleep(3000);
  await cluster.start();
  await Promise.all([healthy(a), healthy(b)]);
  await sleep(1000); // listening again within 250 ms of Postgres

  await revokeCredential(observer, club.keyId);
  await copyCredential({ sql: observer }, club.keyId, madeUp.keyId, 'late');
  await sleep(500);
  for (const service of [a, b]) {
    t.equal((await request(service.url, 'GET', '/v1/me', { key: club.key })).body.code, 'credential_revoked', 'revocation seen');
    t.equal((await request(service.url, 'GET', '/v1/me', { key: madeUp })).status, 200, 'issuance seen');
  }
});

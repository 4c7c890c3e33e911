// Requests in flight per credential (conventions.md, Rate limits): past the limit a request is
// refused at once with 429 too_many_concurrent_requests, never queued; the place is given back
// when a request's work ends, however it ends. Requests are held in flight by PATCHes waiting on a
// member row that another transaction keeps locked.
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../src/config.js';
import { createPool } from '../../src/db/pool.js';
import { inFlightLimit } from '../../src/http/in-flight.js';
import { signRequest } from '../../src/signing/client.js';
import { anotherCredential, createClub, type Tenant } from '../support/factories.js';
import { databaseUrl, startService, type Service } from '../support/harness.js';
import { holdMemberLock, waitingBehind } from '../support/locks.js';

t.test('the limiter: a place per request up to the limit, per credential, each given back once', async (t) => {
  const limit = inFlightLimit(2);
  const [a1, a2] = [limit.enter('a'), limit.enter('a')];
  t.ok(a1 && a2);
  t.equal(limit.enter('a'), undefined, 'a third one is refused');
  t.ok(limit.enter('b'), 'another credential has its own places');
  a1!();
  a1!();
  t.equal(limit.count('a'), 1, 'leaving twice gives back one place');
  t.ok(limit.enter('a'), 'the place is taken again');
});

t.test('MAX_IN_FLIGHT: 100 unless set, at least 1', async (t) => {
  t.equal(loadConfig({}).maxInFlight, 100);
  t.equal(loadConfig({ MAX_IN_FLIGHT: '20' }).maxInFlight, 20);
  t.throws(() => loadConfig({ MAX_IN_FLIGHT: '0' }), { message: 'MAX_IN_FLIGHT must be an integer from 1 to 100000, got "0"' });
});

// No lock or statement timeout on the pool and a long deadline: a held request waits until the
// test lets the row go.
// The whole pool may serve one workspace here: what is under test is the credential's limit, not
// the workspace's share of the connections (test/faults/workspace-share.test.ts).
const service = await startService(t, { MAX_IN_FLIGHT: '5', DB_DEADLINE_MS: '30000', DB_WORKSPACE_SHARE: '10' }, undefined, { poolMax: 10 });
const person = { last_name: 'Flight', birth_date: '2004-05-06', gender: 'female' };
const memberOf = async (club: Tenant): Promise<string> =>
  (await club.call('POST', '/v1/club/members', { ...person, first_name: 'Ida' })).body.data.id;

/** Keeps the member row locked by a transaction of its own until `unlock()`. */
async function lockRow(memberId: string): Promise<{ waiters(): Promise<number>; unlock(): Promise<void> }> {
  const holder = createPool(databaseUrl(), 2); // one for the lock, one to watch it
  const lock = await holdMemberLock(holder, memberId);
  return {
    waiters: () => waitingBehind(holder, lock.pid),
    async unlock() {
      await lock.unlock();
      await holder.end();
    },
  };
}

/** `count` PATCHes of the locked member sent at once as `club`, waiting on its lock; each can be aborted by its client. */
async function holdRequests(s: Service, club: Tenant, row: Awaited<ReturnType<typeof lockRow>>, memberId: string, count: number) {
  const abort = new AbortController();
  let pending = count;
  const statuses = Promise.all(Array.from({ length: count }, async (_, i) => {
    const url = new URL(`/v1/club/members/${memberId}`, s.url);
    const body = JSON.stringify({ first_name: `Held${i}` });
    const headers = signRequest({ method: 'PATCH', url, headers: { 'content-type': 'application/json' }, body, key: club.key });
    try {
      const res = await fetch(url, { method: 'PATCH', headers, body, signal: abort.signal });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 'aborted';
    } finally {
      pending--;
    }
  }));
  // Held once every one waits on the row: only then does the test send the next request.
  while ((await row.waiters()) < count && pending === count) await sleep(10);
  return { statuses, pending: () => pending, abort: () => abort.abort() };
}

/** Asks `GET /v1/me` as the club until `status` comes back (each try a real request); the last answer. */
async function until(club: Tenant, status: number, tries = 200) {
  for (let i = 0; ; i++) {
    const res = await club.call('GET', '/v1/me');
    if (res.status === status || i === tries) return res;
    await sleep(20);
  }
}

t.test('five in flight: the sixth is refused at once, other credentials are served, and the place comes back', async (t) => {
  const club = await createClub(service, undefined, { rateLimit: 1_000_000 });
  const sibling = await anotherCredential(service, club, { rateLimit: 1_000_000 });
  const other = await createClub(service, undefined, { rateLimit: 1_000_000 });
  const [memberId, otherMember] = [await memberOf(club), await memberOf(other)];
  const row = await lockRow(memberId);
  const held = await holdRequests(service, club, row, memberId, 5);

  const over = await club.call('GET', '/v1/me');
  t.equal(over.status, 429);
  t.equal(held.pending(), 5, 'refused while the five are still waiting: not queued behind them');
  t.equal(over.body.code, 'too_many_concurrent_requests');
  t.equal(over.headers.get('retry-after'), '1');
  t.ok(over.headers.get('x-ratelimit-remaining'), 'the rate headers come with it');

  t.equal((await sibling.call('GET', '/v1/me')).status, 200, 'another credential of the same club is not refused');
  t.equal((await sibling.call('GET', '/v1/club/members?limit=5')).status, 200);
  t.equal((await other.call('GET', '/v1/me')).status, 200, 'another club is not refused');
  t.equal((await other.call('PATCH', `/v1/club/members/${otherMember}`, { first_name: 'Free' })).status, 200);
  t.equal(held.pending(), 5, 'the five still wait');

  await row.unlock();
  t.same(await held.statuses, [200, 200, 200, 200, 200], 'the held requests are answered once the row is free');
  t.equal((await club.call('GET', '/v1/me')).status, 200, 'the credential is served again');
});

t.test('refusals and errors give their place back', async (t) => {
  const club = await createClub(service, undefined, { rateLimit: 1_000_000 });
  const memberId = await memberOf(club);
  const errors = [
    await club.call('GET', '/v1/club/members/mem_doesnotexist'),
    await club.call('PATCH', `/v1/club/members/${memberId}`, { birth_date: 'soon' }),
    await club.call('DELETE', '/v1/me'),
    await club.call('GET', '/v1/federation/persons'),
    await club.call('GET', '/v1/club/members?limit=0'),
    await club.call('POST', '/v1/club/members', {}),
  ];
  t.same(errors.map((r) => r.status), [404, 422, 405, 404, 400, 422]);
  // Six errors with a limit of five: had any kept its place, five held requests would not fit.
  const row = await lockRow(memberId);
  const held = await holdRequests(service, club, row, memberId, 5);
  t.equal(held.pending(), 5, 'all five held requests found a place');
  t.equal((await club.call('GET', '/v1/me')).status, 429);
  await row.unlock();
  t.same(await held.statuses, [200, 200, 200, 200, 200]);
});

t.test('a client that leaves: its request keeps the place while its work still waits, and gives it back after', async (t) => {
  const club = await createClub(service, undefined, { rateLimit: 1_000_000 });
  const memberId = await memberOf(club);
  const row = await lockRow(memberId);
  const held = await holdRequests(service, club, row, memberId, 5);
  t.equal((await club.call('GET', '/v1/me')).status, 429);
  held.abort();
  t.same(await held.statuses, Array(5).fill('aborted'), 'every client left');
  t.equal((await club.call('GET', '/v1/me')).status, 429, 'the service still waits on the row for them');
  await row.unlock();
  t.equal((await until(club, 200)).status, 200, 'once their work ended, the credential is served again');
});

t.test('requests answered 503 at their deadline give their places back (their statements are cancelled)', async (t) => {
  const short = await startService(t, { MAX_IN_FLIGHT: '2', DB_DEADLINE_MS: '1500' }, undefined, { poolMax: 10 });
  const club = await createClub(short, undefined, { rateLimit: 1_000_000 });
  const memberId = await memberOf(club);
  const row = await lockRow(memberId);
  const held = await holdRequests(short, club, row, memberId, 2);
  t.equal((await club.call('GET', '/v1/me')).status, 429);
  t.same(await held.statuses, [503, 503], 'both answered at the deadline');
  t.equal((await until(club, 200)).status, 200, 'served again while the row is still locked');
  await row.unlock();
});

// On the Citus cluster, a write waiting on a row lock held on a worker: past the request's
// deadline it is cancelled on the worker as well as on the coordinator, leaving no session idle in
// transaction or waiting on any node; with a lock_timeout, the worker gives up waiting at that
// limit (the transaction's `set local` reaches it) and the answer is 503 with Retry-After.
import t from 'tap';
import { createClub, type Tenant } from '../support/factories.js';
import { privateCitusDatabase } from '../support/citus.js';
import { holderApplication, holdRowOnWorker, sessionsOnNodes, type Session } from '../support/citus-nodes.js';
import { holdInTransaction } from '../support/locks.js';
import { postgres, startService } from '../support/harness.js';
import { setTimeout as sleep } from 'node:timers/promises';

// A database of its own: the sessions counted below are this file's, on every node.
const url = await privateCitusDatabase(t, 'deadline');
const database = new URL(url).pathname.slice(1);
// The deadline alone ends the wait here: no lock_timeout on the pool.
const deadlined = await startService(t, { DB_DEADLINE_MS: '1000' }, undefined, { databaseUrl: url });
// Here lock_timeout ends it, long before the deadline.
const lockLimited = await startService(t, { DB_DEADLINE_MS: '20000', DB_LOCK_TIMEOUT_MS: '200' }, undefined, { databaseUrl: url, poolLimits: true });

const holder = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name: holderApplication } });
t.teardown(() => holder.end({ timeout: 1 }));

async function newMember(club: Tenant): Promise<string> {
  const res = await club.call('POST', '/v1/club/members', { first_name: 'Anna', last_name: 'de Vries', birth_date: '2010-04-02', gender: 'female' });
  if (res.status !== 201) throw new Error(`member create answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** Locks the member row through the coordinator, in an open transaction of `holder`; its worker sessions carry its global pid. */
async function holdThroughCoordinator(federationId: string, memberId: string) {
  const lock = await holdInTransaction(holder, (tx) => tx<{ pid: number; gpid: string }[]>`
    select pg_backend_pid() as pid, citus_backend_gpid()::text as gpid from members where federation_id = ${federationId} and id = ${memberId} for update`);
  return { ...lock, gpid: lock.row.gpid };
}

/** Sessions of the database, on any node, idle in a transaction or waiting on a lock, but the holder's. */
const stuck = (sessions: Session[], holderGpid?: string) => sessions.filter((s) =>
  s.application !== holderApplication && !(holderGpid && s.application === `citus_internal gpid=${holderGpid}`)
  && (s.state?.startsWith('idle in transaction') || s.waiting === 'Lock'));

/** Waits up to 2 s for no stuck session; the last ones seen. */
async function settled(holderGpid?: string): Promise<Session[]> {
  let left: Session[] = [];
  const until = Date.now() + 2000;
  while (Date.now() < until && (left = stuck(await sessionsOnNodes(database), holderGpid)).length > 0) await sleep(50);
  return left;
}

t.test('a write waiting past its deadline on a row locked on a worker: 503, cancelled on every node, nothing left idle in transaction', async (t) => {
  const club = await createClub(deadlined);
  const memberId = await newMember(club);
  const lock = await holdThroughCoordinator(club.federationId, memberId);
  const answer = club.call('PATCH', `/v1/club/members/${memberId}`, { first_name: 'Late' });
  // While it waits, the wait is on a worker: the shard's row lock is there.
  let waitingOnWorker = false;
  for (let tries = 0; tries < 40 && !waitingOnWorker; tries++) {
    waitingOnWorker = stuck(await sessionsOnNodes(database), lock.gpid).some((s) => s.node > 0 && s.waiting === 'Lock');
    if (!waitingOnWorker) await sleep(20);
  }
  t.ok(waitingOnWorker, 'the write waited on a worker');
  const res = await answer;
  t.equal(res.status, 503);
  t.match(res.body?.detail, /did not answer in time/);
  t.ok(res.headers.get('retry-after'), 'with Retry-After');
  t.same(await settled(lock.gpid), [], 'no session of the service waits or idles in a transaction, on the coordinator or a worker');
  await lock.unlock();
  const after = await club.call('GET', `/v1/club/members/${memberId}`);
  t.equal(after.status, 200);
  t.not(after.body?.data?.first_name, 'Late', 'the overrun write did not commit');
  const write = await club.call('PATCH', `/v1/club/members/${memberId}`, { first_name: 'OnTime' });
  t.equal(write.status, 200, 'the next write goes through on the same pool');
});

for (const [where, hold] of [
  ['with a connection straight to the worker that holds the shard', (club: Tenant, memberId: string) => holdRowOnWorker(t, holder, 'members', club.federationId, memberId)],
  ['through the coordinator, in an open transaction', (club: Tenant, memberId: string) => holdThroughCoordinator(club.federationId, memberId)],
] as [string, (club: Tenant, memberId: string) => Promise<{ gpid?: string; unlock(): Promise<void> }>][]) {
  t.test(`lock_timeout holds on a row locked ${where}: 503 with Retry-After at the lock limit, not the deadline`, async (t) => {
    const club = await createClub(lockLimited);
    const memberId = await newMember(club);
    const lock = await hold(club, memberId);
    const started = Date.now();
    const res = await club.call('PATCH', `/v1/club/members/${memberId}`, { first_name: 'Blocked' });
    const took = Date.now() - started;
    t.equal(res.status, 503, JSON.stringify(res.body));
    t.ok(res.headers.get('retry-after'), 'with Retry-After');
    t.match(res.body?.detail, /being changed by another request/, 'the lock wait gave up (lock_timeout), not the deadline');
    t.ok(took < 20_000, `answered before the 20 s deadline (${took} ms)`);
    t.same(await settled(lock.gpid), [], 'no session of the service left waiting or idle in a transaction');
    await lock.unlock();
    t.equal((await club.call('PATCH', `/v1/club/members/${memberId}`, { first_name: 'Free' })).status, 200, 'once released, the write goes through');
  });
}

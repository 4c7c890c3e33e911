// On the Citus cluster, a write whose feed rows wait on a lock held on the worker of the feed's
// shard (as a shard split in block_writes mode or the end of a shard move holds it): Citus writes
// those rows with a COPY into the shard and passes the worker's lock timeout on as XX000 "canceling
// statement due to lock timeout" (src/db/errors.ts). The answer is 503 with Retry-After, nothing
// of the write is stored, and the same request once the lock is gone succeeds.
import t, { type Test } from 'tap';
import { privateCitusDatabase } from '../support/citus.js';
import { holderOn, placementOf } from '../support/citus-nodes.js';
import { holdInTransaction } from '../support/locks.js';
import { createClub, createMember } from '../support/factories.js';
import { startService } from '../support/harness.js';

const url = await privateCitusDatabase(t, 'copylock');
const service = await startService(t, { DB_LOCK_TIMEOUT_MS: '200' }, undefined, { databaseUrl: url, poolLimits: true });
const club = await createClub(service);
const memberId = await createMember(service, club);
const { sql } = service;

/**
 * Locks the federation's row of workspaces (a reference table) FOR UPDATE in the copy on the worker
 * of its shard of `changes`, until `unlock()`: the foreign key check of a feed row waits on it.
 */
async function holdFederationRow(t: Test) {
  const { url: workerUrl } = await placementOf(sql, 'changes', club.federationId);
  const [{ shard }] = await sql<[{ shard: string }]>`select shard_name as shard from citus_shards where table_name = 'workspaces'::regclass limit 1`;
  return holdInTransaction(holderOn(t, workerUrl), async (tx) => {
    await tx`set local citus.enable_manual_changes_to_shards = on`;
    return tx.unsafe<{ pid: number }[]>(`select pg_backend_pid() as pid from ${shard} where id = $1 for update`, [club.federationId]);
  });
}

const feedRows = async () => (await sql<{ n: number }[]>`
  select count(*)::int as n from changes where federation_id = ${club.federationId} and workspace_id = ${club.id}`)[0]!.n;

t.test('a PATCH whose feed rows meet a lock held on the worker is a 503 with Retry-After and changes nothing', async (t) => {
  const rows = await feedRows();
  const lock = await holdFederationRow(t);
  const refused = await club.call('PATCH', `/v1/club/members/${memberId}`, { first_name: 'Held' }, { headers: { 'if-match': '"1"' } });
  await lock.unlock();
  t.equal(refused.status, 503, JSON.stringify(refused.body));
  t.equal(refused.body.code, 'service_unavailable');
  t.equal(refused.headers.get('retry-after'), '1');
  const [member] = await sql<{ first_name: string; version: number }[]>`
    select first_name, version from members where federation_id = ${club.federationId} and id = ${memberId}`;
  t.same(member, { first_name: 'Sem', version: 1 }, 'the member is as it was');
  t.equal(await feedRows(), rows, 'no feed row');
  const retried = await club.call('PATCH', `/v1/club/members/${memberId}`, { first_name: 'Held' }, { headers: { 'if-match': '"1"' } });
  t.equal(retried.status, 200, 'the same PATCH afterwards succeeds');
  t.equal(retried.body.data.version, 2);
});

t.test('a create under an Idempotency-Key refused so is not stored, and its retry creates the member once', async (t) => {
  const body = { first_name: 'Fay', last_name: 'Lover', birth_date: '2004-05-06', gender: 'female', external_ref: 'copylock-1' };
  const headers = { 'idempotency-key': 'copylock-1' };
  const stored = async () => (await sql<{ n: number }[]>`
    select count(*)::int as n from members where federation_id = ${club.federationId} and external_ref = 'copylock-1'`)[0]!.n;
  const lock = await holdFederationRow(t);
  const refused = await club.call('POST', '/v1/club/members', body, { headers });
  await lock.unlock();
  t.equal(refused.status, 503, JSON.stringify(refused.body));
  t.equal(refused.headers.get('retry-after'), '1');
  t.equal(await stored(), 0, 'no member');
  const retried = await club.call('POST', '/v1/club/members', body, { headers });
  t.equal(retried.status, 201, 'the retry under the same key creates it');
  t.equal(await stored(), 1, 'once');
});

// Writes racing shard changes: a small federation takes a tight loop of member creates and PATCHes
// from two service instances, and of prepared UPDATEs straight from postgres.js, while its shard
// group is split again and again (isolate_tenant_to_new_shard of a value hashed beside it,
// block_writes: every split replaces the federation's shards) and moved between the workers.
// Every answer is a 2xx or a 503 with Retry-After (the lock timeouts Citus passes on from a
// worker as XX000, src/db/errors.ts, included), every create answered 201 is stored once, and a
// prepared statement planned before a split or move still runs after it.
// RACE_SPLITS and RACE_MOVES (default 6 and 4) make it a longer soak; RACE_OUT=<file> appends a
// summary (answers by status, the coordinator's errors by SQLSTATE and message) to that file.
import t from 'tap';
import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { privateCitusDatabase } from '../support/citus.js';
import { coordinatorErrors } from '../support/citus-routing.js';
import { createClub, createFederation, createMembers } from '../support/factories.js';
import { startService } from '../support/harness.js';
import { drive, now } from '../faults/load.js';
import { memberWrites } from '../faults/mixed-load.js';

const splits = Number(process.env.RACE_SPLITS ?? 6);
const moves = Number(process.env.RACE_MOVES ?? 4);
const url = await privateCitusDatabase(t, 'race');
const admin = postgres(url, { max: 1, onnotice: () => {} });
t.teardown(() => admin.end({ timeout: 1 }));
const options = { databaseUrl: url, poolMax: 6, poolLimits: true };
const instances = [await startService(t, {}, undefined, options), await startService(t, {}, undefined, options)] as const;
const unlimited = { rateLimit: 1_000_000 };
const federation = await createFederation(instances[0], unlimited);
const club = await createClub(instances[0], federation, unlimited);
await createMembers(instances[0], club, 50);
const ids = (await admin<{ id: string }[]>`select id::text as id from members where federation_id = ${federation.id} order by id limit 8`).map((r) => r.id);
const writes = memberWrites(club, ids.slice(0, 4), 'race');
const load = drive(6, (i) => (i % 2 ? writes.create(instances[i % 2]!) : writes.patch(instances[(i >> 1) % 2]!)));

// The other four members take prepared UPDATEs from postgres.js, alone and in a transaction.
const direct = postgres(url, { max: 2, onnotice: () => {} });
t.teardown(() => direct.end({ timeout: 1 }));
const directErrors: string[] = [];
let directDone = 0;
let running = true;
const directLoops = [0, 1].map(async (k) => {
  for (let n = 0; running; n++) {
    const id = ids[4 + ((n + k) % 4)]!;
    const update = (sql: postgres.Sql | postgres.TransactionSql) => sql`update members set first_name = ${'D' + n} where federation_id = ${federation.id} and id = ${id}`;
    try {
      await (k ? direct.begin(update) : update(direct));
      directDone++;
    } catch (error) {
      directErrors.push(`${(error as { code?: string }).code} ${(error as Error).message}`);
    }
    await sleep(2);
  }
});

/** The federation's shard of members: its hash range, the federation's hash, and its worker. */
const shardOf = async () => (await admin<[{ shard: string; min: string; max: string; h: string; port: number }]>`
  select s.shardid::text as shard, s.shardminvalue as min, s.shardmaxvalue as max, worker_hash(${federation.id}::bigint)::text as h, n.nodeport as port
  from pg_dist_shard s join pg_dist_placement p on p.shardid = s.shardid join pg_dist_node n on n.groupid = p.groupid
  where s.shardid = get_shard_id_for_distribution_column('members', ${federation.id}::bigint)`)[0];
const workers = (await admin<{ nodeport: number }[]>`select nodeport from pg_dist_node where groupid <> 0 order by nodeport`).map((w) => w.nodeport);
const windows: { kind: 'split' | 'move'; from: number; to: number }[] = [];
while (writes.patched() < 5) await sleep(20);
for (let round = 0; round < Math.max(splits, moves); round++) {
  if (round < splits) {
    const s = await shardOf();
    // The value hashed nearest the far edge of the federation's shard: the split replaces the
    // federation's shard and leaves its range wide enough for the next one.
    const [pick] = await admin<{ v: string }[]>`
      select v::text from (select v, worker_hash(v) h from generate_series(1000000000::bigint, 1000300000::bigint) v) x
      where h between ${s.min}::int and ${s.max}::int and h <> ${s.h}::int
      order by case when h < ${s.h}::int then h::bigint - ${s.min}::bigint else ${s.max}::bigint - h end limit 1`;
    if (pick) {
      const from = now();
      await admin`select isolate_tenant_to_new_shard('members', ${pick.v}::bigint, 'CASCADE', shard_transfer_mode => 'block_writes')`;
      windows.push({ kind: 'split', from, to: now() });
    }
    await sleep(100);
  }
  if (round < moves) {
    const s = await shardOf();
    const from = now();
    await admin`select citus_move_shard_placement(${s.shard}::bigint, '127.0.0.1', ${s.port}, '127.0.0.1', ${workers.find((p) => p !== s.port)!})`;
    windows.push({ kind: 'move', from, to: now() });
    await sleep(100);
  }
}
running = false;
const samples = await load.stop();
await Promise.all(directLoops);

const tally = (xs: string[]) => {
  const counts = new Map<string, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts].map(([x, n]) => `${n} × ${x}`);
};
const digits = (m: string) => m.replace(/\d{4,}/g, 'N');
const errors = await coordinatorErrors(admin);
const summary = [
  `${windows.filter((w) => w.kind === 'split').length} splits, ${windows.filter((w) => w.kind === 'move').length} moves; ${samples.length} answers: ${tally(samples.map((s) => `${s.status} ${s.code ?? ''}`)).join(', ')}`,
  `prepared UPDATEs from postgres.js: ${directDone} done, ${directErrors.length} failed`,
  `the coordinator's errors: ${tally(errors.map((e) => `${e.code} ${digits(e.message)}`)).join('; ') || 'none'}`,
].join('\n');
t.comment(summary);
if (process.env.RACE_OUT) appendFileSync(process.env.RACE_OUT, summary + '\n');

t.test('while the federation\'s shards are split and moved every answer is a 2xx or a 503 with Retry-After', async (t) => {
  t.ok(windows.some((w) => w.kind === 'split') && windows.some((w) => w.kind === 'move'), 'its shards were split and moved');
  const odd = samples.filter((s) => !(s.status >= 200 && s.status < 300) && s.status !== 503);
  const during = (s: { started: number; ended: number }) => windows.find((w) => s.ended > w.from && s.started < w.to)?.kind ?? 'neither';
  t.same(odd.map((s) => `${s.status} ${s.code} ${s.detail} during ${during(s)}`), [], 'no other answer');
  if (odd.length) t.comment(errors.map((e) => `${e.timestamp} ${e.code} ${e.message}: ${e.statement.slice(0, 160)}`).join('\n'));
  t.ok(samples.filter((s) => s.status === 503).every((s) => s.code === 'service_unavailable' && s.retryAfter !== null), 'each 503 service_unavailable with Retry-After');
});

t.test('every create answered 201 is stored once', async (t) => {
  const created = writes.creates.filter((s) => s.status === 201).map((s) => s.tag!);
  const rows = await admin<{ external_ref: string; n: number }[]>`
    select external_ref, count(*)::int as n from members where federation_id = ${federation.id} and external_ref like 'race-%' group by 1`;
  const stored = new Map(rows.map((r) => [r.external_ref, r.n]));
  t.ok(created.length > 20, `${created.length} creates answered 201`);
  t.same(created.filter((ref) => stored.get(ref) !== 1), [], 'each stored once');
});

t.test('prepared statements planned before a split or a move run after it', async (t) => {
  t.ok(directDone > 100, `${directDone} prepared UPDATEs`);
  t.same(tally(directErrors.map(digits)), [], 'none failed');
});

// A tenant moves while it is served: the federation with the most data gets a shard group of its
// own (isolate_tenant_to_new_shard … 'CASCADE') and that group moves to the other worker
// (citus_move_shard_placement, non-blocking: logical replication), while two service
// instances on the coordinator serve mixed load for one of its clubs and for a bystander of
// another federation. Every answer is a 2xx or a 503 with Retry-After, nothing acknowledged is
// lost, and a feed poller sees every change once, in order. bin/README.md, "Running at scale".
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { privateCitusDatabase } from '../support/citus.js';
import { coordinatorErrors } from '../support/citus-routing.js';
import { createClub, createFederation, createMembers, type Tenant } from '../support/factories.js';
import { startService, type Service } from '../support/harness.js';
import { drive, now, quantile, timed, type Sample } from '../faults/load.js';
import { call, followFeed, memberWrites } from '../faults/mixed-load.js';

const url = await privateCitusDatabase(t, 'move');
const admin = postgres(url, { max: 1, onnotice: () => {} });
t.teardown(() => admin.end({ timeout: 1 }));
const options = { databaseUrl: url, poolMax: 6, poolLimits: true };
const instances = [await startService(t, {}, undefined, options), await startService(t, {}, undefined, options)] as const;
const [a] = instances;

// The federation with the most data, and three smaller ones; the bystander club is in one of those.
const unlimited = { rateLimit: 1_000_000 };
const big = await createFederation(a, unlimited);
const club = await createClub(a, big, unlimited);
await createMembers(a, club, 20_000);
const others: Tenant[] = [];
for (let i = 0; i < 3; i++) {
  const club = await createClub(a, await createFederation(a, unlimited), unlimited);
  await createMembers(a, club, 200);
  others.push(club);
}
const bystander = others[0]!;

// Creates under an Idempotency-Key, PATCHes with If-Match of four of the club's members, and a
// poller following the club's feed through the move on both instances.
const owned = (await admin<{ id: string }[]>`
  select m.id::text as id from members m where m.federation_id = ${big.id} and m.club_id = ${club.id} order by m.id limit 4`).map((r) => r.id);
const writes = memberWrites(club, owned, 'mv');
const { creates, acknowledged } = writes;
const feed = followFeed(instances, club);
const { seen, polls } = feed;

// Signed GETs of the moving tenant (its own member) and of the bystander.
const reads: Sample[] = [];
const read = (on: Service, i: number) => timed(() => (i % 2
  ? call(on, club, 'GET', `/v1/club/members/${owned[i % owned.length]}`)
  : call(on, bystander, 'GET', '/v1/club/members?limit=5'))).then((s) => (reads.push(s), s));

const load = drive(6, async (i) => {
  const on = instances[i % 2]!;
  const kind = i % 4;
  const sample = await (kind === 0 ? writes.create(on) : kind === 1 ? writes.patch(on) : kind === 2 ? read(on, i >> 2) : timed(() => call(on, club, 'GET', '/v1/me')));
  await sleep(10);
  return sample;
});

interface Placement { shardid: string; nodeport: number }
/** Where the federation's shard of every co-located table is. */
const placements = (federationId: string) => admin<(Placement & { table: string; single: boolean })[]>`
  select p.logicalrelid::text as table, s.shardid::text, n.nodeport,
    s.shardminvalue = s.shardmaxvalue as single
  from pg_dist_partition p
  join pg_dist_shard s on s.logicalrelid = p.logicalrelid
    and s.shardid = get_shard_id_for_distribution_column(p.logicalrelid, ${federationId}::bigint)
  join pg_dist_placement pl on pl.shardid = s.shardid
  join pg_dist_node n on n.groupid = pl.groupid
  where p.partmethod = 'h' order by 1`;

// Progress is counted, not timed; a load that makes none (every answer refused) fails at once
// with what it was answered, rather than waiting for the file's timeout.
const acknowledgedCreates = () => creates.filter((s) => s.status === 201).length;
async function until(done: () => boolean, what: string): Promise<void> {
  for (const giveUp = now() + 60_000; !done(); await sleep(20)) {
    if (now() > giveUp) {
      void feed.stop();
      void load.stop();
      const answers = [...creates, ...polls, ...reads].filter((s) => s.status !== 200 && s.status !== 201);
      throw new Error(`no ${what} within 60 s; answers other than 200/201: ${[...new Set(answers.map((s) => `${s.status} ${s.code}`))].join(', ')}`);
    }
  }
}
// Enough acknowledged writes before the isolation for the checks to mean something.
await until(() => acknowledgedCreates() > 10 && writes.patched() > 10, 'ten creates and ten PATCHes acknowledged');
const before = await placements(big.id);
const workers = await admin<{ nodeport: number }[]>`select nodeport from pg_dist_node where groupid <> 0 and isactive order by nodeport`;

// The split blocks the shard group's writes while it copies: its non-blocking mode (the default,
// 'auto') stalled here under concurrent UPDATEs, the subscriber failing on every retry with
// "publisher did not send replica identity column expected by the logical replication target
// relation" (Citus issue 6790, open). The move below is non-blocking.
const isolating = now();
const [{ shard }] = await admin<[{ shard: string }]>`
  select isolate_tenant_to_new_shard('members', ${big.id}::bigint, 'CASCADE', shard_transfer_mode => 'block_writes')::text as shard`;
const isolated = now();
// Writes between the two steps, so the move carries rows written after the split.
const writesAt = acknowledgedCreates();
await until(() => acknowledgedCreates() >= writesAt + 5, 'five creates after the isolation');
const [{ source }] = await admin<[{ source: number }]>`
  select n.nodeport as source from pg_dist_placement pl join pg_dist_node n on n.groupid = pl.groupid where pl.shardid = ${shard}`;
const target = workers.find((w) => w.nodeport !== source)!.nodeport;
const moving = now();
await admin`select citus_move_shard_placement(${shard}::bigint, '127.0.0.1', ${source}, '127.0.0.1', ${target})`;
const moved = now();
// Served from its new worker for a while before the load stops.
const writesAfter = acknowledgedCreates();
await until(() => acknowledgedCreates() >= writesAfter + 5, 'five creates after the move');
const samples = await load.stop();
const last = await feed.stop();
const after = await placements(big.id);

const all = [...samples, ...polls];
const byStatus = new Map<number, number>();
for (const s of all) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
const inside = (from: number, to: number) => all.filter((s) => s.ended > from && s.started < to);
const slowest = (xs: Sample[]) => Math.round(Math.max(0, ...xs.map((s) => s.ended - s.started)));
t.comment(`isolate_tenant_to_new_shard ${Math.round(isolated - isolating)} ms (${before.length} co-located tables), citus_move_shard_placement ${Math.round(moved - moving)} ms (worker ${source} to ${target});`
  + ` ${all.length} answers (${[...byStatus].sort().map(([s, n]) => `${n} × ${s}`).join(', ')}), ${inside(isolating, isolated).length} overlapping the isolation and ${inside(moving, moved).length} the move`
  + ` (503s: ${inside(isolating, isolated).filter((s) => s.status === 503).length} and ${inside(moving, moved).filter((s) => s.status === 503).length}); ${seen.length} changes polled;`
  + ` slowest ${slowest(all)} ms (${slowest(inside(isolating, isolated))} during the isolation, ${slowest(inside(moving, moved))} during the move), p99 ${Math.round(quantile(all, 0.99))} ms`);

t.test('during the isolation and the move every answer is a 2xx or a 503 service_unavailable with Retry-After', async (t) => {
  const odd = all.filter((s) => !(s.status >= 200 && s.status < 300) && s.status !== 503);
  const at = (s: Sample) => `${Math.round(s.started - isolating)} ms after the isolation began`;
  t.same(odd.map((s) => `${s.status} ${s.code} ${s.detail}, ${at(s)}`), [], 'no other answer');
  if (odd.length) t.comment(`the coordinator's errors: ${(await coordinatorErrors(admin)).map((e) => `${e.timestamp} ${e.code} ${e.message}: ${e.statement.slice(0, 160)}`).join('\n')}; the move began ${Math.round(moving - isolating)} ms after the isolation`);
  const unavailable = all.filter((s) => s.status === 503);
  t.ok(unavailable.every((s) => s.code === 'service_unavailable' && s.retryAfter !== null), `each of the ${unavailable.length} 503s service_unavailable with Retry-After`);
  t.ok(inside(moving, moved).some((s) => s.status >= 200 && s.status < 300), 'answers 2xx while the move runs');
});

t.test('the federation\'s shard of every co-located table is alone and on the other worker; the bystander\'s stayed', async (t) => {
  t.ok(before.length >= 30, `${before.length} co-located tables`);
  t.ok(before.every((p) => !p.single && p.nodeport === source), 'before: sharing a shard with other federations, on one worker');
  t.same(after.filter((p) => !p.single || p.nodeport !== target).map((p) => p.table), [], `after: every one alone, on worker ${target}`);
  t.ok(after.some((p) => p.shardid === shard), 'the isolated shard group is the one moved');
  const stayed = await placements(bystander.federationId);
  t.ok(stayed.every((p) => !p.single), 'the bystander\'s federation still shares its shards');
});

t.test('every write answered 2xx is stored', async (t) => {
  const created = creates.filter((s) => s.status === 201).map((s) => s.tag!);
  const rows = await admin<{ external_ref: string; n: number }[]>`
    select external_ref, count(*)::int as n from members where federation_id = ${big.id} and club_id = ${club.id} and external_ref like 'mv-%' group by 1`;
  const stored = new Map(rows.map((r) => [r.external_ref, r.n]));
  t.ok(created.length > 20, `${created.length} creates answered 201 (of ${creates.length})`);
  t.same(created.filter((ref) => stored.get(ref) !== 1), [], 'each stored once');
  t.same(rows.filter((r) => r.n > 1), [], 'no Idempotency-Key stored twice');
  const current = await admin<{ id: string; version: number }[]>`
    select id::text, version from members where federation_id = ${big.id} and id in ${admin(owned)}`;
  const at = new Map(current.map((r) => [r.id, r.version]));
  t.ok(writes.patched() > 10, `${writes.patched()} PATCHes answered 200, up to versions ${acknowledged.join(', ')}`);
  t.same(owned.filter((id, i) => at.get(id)! < acknowledged[i]!), [], 'no member behind its last acknowledged PATCH');
});

t.test('a poller following after= through the move sees every change once, in order', async (t) => {
  t.ok(polls.filter((s) => s.status === 200).length > 10, `${polls.length} polls`);
  t.ok(seen.length > 20, `${seen.length} changes seen`);
  t.equal(new Set(seen).size, seen.length, 'none twice');
  t.same(seen, [...seen].sort((x, y) => Number(x) - Number(y)), 'in id order');
  const rows = await admin<{ id: string }[]>`
    select c.id::text as id from changes c where c.federation_id = ${big.id} and c.workspace_id = ${club.id} and c.id <= ${last ?? 0} order by c.id`;
  t.same(seen, rows.map((r) => r.id), 'exactly the club\'s feed');
});

// Failover: a primary with a synchronous standby, two service instances given both hosts in one
// DATABASE_URL, a steady mixed load; the primary crashes (pg_ctl stop -m immediate) and the
// standby is promoted. Nothing acknowledged is lost, nothing hangs, and both instances follow
// the new primary without a restart. bin/README.md, "Running at scale".
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { revokeCredential } from '../../src/console/credentials.js';
import { signRequest } from '../../src/signing/client.js';
import { createClub, createFederation, createMember } from '../support/factories.js';
import { startService, type Service } from '../support/harness.js';
import { replicatedPair } from '../support/replication.js';
import { drive, now, timed, type Sample } from './load.js';
import { call, followFeed, memberWrites } from './mixed-load.js';

const pair = await replicatedPair(t);
const options = { databaseUrl: pair.url, poolMax: 6, poolLimits: true };
const instances = [await startService(t, {}, undefined, options), await startService(t, {}, undefined, options)] as const;
const [a] = instances;
const federation = await createFederation(a, { rateLimit: 1_000_000 });
const club = await createClub(a, federation, { rateLimit: 1_000_000 });
const revoked = await createClub(a, federation, { rateLimit: 1_000_000 });

// Creates under an Idempotency-Key, PATCHes with If-Match, and a poller following after= across the switch.
const owned = await Promise.all([0, 1, 2, 3].map(() => createMember(a, club, { external_ref: null })));
const writes = memberWrites(club, owned, 'fo');
const { creates, acknowledged } = writes;
const feed = followFeed(instances, club);
const { seen } = feed;

// On each instance, a signed request accepted before the failover, to be replayed after it.
const replays = instances.map((on) => {
  const url = new URL('/v1/me', on.url);
  return { url, headers: signRequest({ method: 'GET', url, headers: {}, key: club.key }) };
});
const acceptedBefore = await Promise.all(replays.map(async ({ url, headers }) => (await fetch(url, { headers })).status));

const load = drive(6, async (i) => {
  const on = instances[i % 2]!;
  const kind = i % 3;
  const sample = await (kind === 0 ? writes.create(on) : kind === 1 ? writes.patch(on) : timed(() => call(on, club, 'GET', '/v1/me')));
  await sleep(10);
  return sample;
});

/** When a fresh signed GET on the instance is answered from the database again. */
async function servingAgain(on: Service): Promise<number> {
  for (;;) {
    const s = await timed(() => call(on, club, 'GET', '/v1/me'));
    // A signature made in the second the emptied nonce table was found is refused (bin/README.md, "No replay after a crash").
    if (s.status === 200 || (s.status === 401 && s.code === 'signature_expired')) return s.ended;
    await sleep(20);
  }
}

// Enough acknowledged writes before the crash for the checks below to mean something, however
// busy the machine: counted, not timed.
const acknowledgedCreates = () => creates.filter((s) => s.status === 201).length;
while (acknowledgedCreates() <= 10 || writes.patched() <= 10) await sleep(50);
const killed = now();
await pair.killPrimary();
await sleep(1000); // the orchestrator notices and decides
const promoting = now();
await pair.promote();
const promoted = now();
const served = await Promise.all(instances.map(servingAgain));
await sleep(1000);
const samples = await load.stop();
t.comment(`${samples.length} requests, ${creates.length} creates; kill to promote ${Math.round(promoting - killed)} ms, promotion ${Math.round(promoted - promoting)} ms; serving after ${served.map((s) => Math.round(s - promoted)).join(' and ')} ms`);

t.test('during the switch every answer is a 2xx or 503 service_unavailable with Retry-After, never a hang', async (t) => {
  const refusedOfReset = (s: Sample) => s.status === 401 && s.code === 'signature_expired' && s.started > killed;
  const odd = samples.filter((s) => !(s.status >= 200 && s.status < 300) && s.status !== 503 && !refusedOfReset(s));
  t.same(odd.map((s) => `${s.status} ${s.code}`), [], 'no other answer');
  const unavailable = samples.filter((s) => s.status === 503);
  t.ok(unavailable.length > 0, `${unavailable.length} answers 503`);
  t.ok(unavailable.every((s) => s.code === 'service_unavailable' && s.retryAfter !== null), 'each 503 service_unavailable with Retry-After');
  const slowest = Math.max(...samples.map((s) => s.ended - s.started));
  t.ok(slowest < 2500, `every request answered within 2.5 s (slowest ${Math.round(slowest)} ms)`);
});

t.test('both instances serve again within 5 s of the promotion, without a restart', async (t) => {
  for (const [i, at] of served.entries()) t.ok(at - promoted < 5000, `instance ${i + 1} after ${Math.round(at - promoted)} ms`);
});

const primary = postgres(pair.standbyUrl, { max: 1, onnotice: () => {} });
t.teardown(() => primary.end({ timeout: 1 }));

t.test('every write answered 2xx is on the new primary', async (t) => {
  const [{ recovery } = { recovery: true }] = await primary<{ recovery: boolean }[]>`select pg_is_in_recovery() as recovery`;
  t.equal(recovery, false, 'the standby is the primary now');
  const created = creates.filter((s) => s.status === 201).map((s) => s.tag!);
  const rows = await primary<{ external_ref: string }[]>`select external_ref from members where club_id = ${club.id} and external_ref like 'fo-%'`;
  const stored = new Set(rows.map((r) => r.external_ref));
  t.ok(created.length > 10, `${created.length} creates answered 201`);
  t.same(created.filter((ref) => !stored.has(ref)), [], 'every one of them stored');
  const current = await primary<{ id: string; version: number }[]>`select id, version from members where id in ${primary(owned)}`;
  const at = new Map(current.map((r) => [r.id, r.version]));
  t.ok(writes.patched() > 10, `${writes.patched()} PATCHes answered 200, up to versions ${acknowledged.join(', ')}`);
  t.same(owned.filter((id, i) => at.get(id)! < acknowledged[i]!), [], 'no member is behind its last acknowledged PATCH');
});

t.test('retrying each unanswered or 503 create with its Idempotency-Key makes no duplicate', async (t) => {
  const unanswered = creates.filter((s) => s.status !== 201);
  t.ok(unanswered.length > 0, `${unanswered.length} creates not answered 201`);
  for (const s of unanswered) {
    const body = { first_name: 'Fay', last_name: 'Lover', birth_date: '2004-05-06', gender: 'female', external_ref: s.tag };
    const retry = await call(a, club, 'POST', '/v1/club/members', body, { 'idempotency-key': s.tag! });
    t.equal(retry.status, 201, `${s.tag} answered 201 on retry`);
  }
  const dupes = await primary<{ external_ref: string; n: number }[]>`
    select external_ref, count(*)::int as n from members where club_id = ${club.id} and external_ref like 'fo-%'
    group by external_ref having count(*) > 1`;
  t.same(dupes, [], 'each external_ref stored once');
  const [{ n } = { n: 0 }] = await primary<{ n: number }[]>`
    select count(*)::int as n from members where club_id = ${club.id} and external_ref like 'fo-%'`;
  t.equal(n, creates.length, 'one member per create');
});

t.test('a request accepted before the failover is refused when replayed after it', async (t) => {
  t.same(acceptedBefore, [200, 200], 'accepted by each instance before the failover');
  const [{ reset } = { reset: false }] = await primary<{ reset: boolean }[]>`
    select reset_at > now() - ${`${Math.ceil((now() - killed) / 1000)} seconds`}::interval as reset from nonce_reset`;
  t.ok(reset, 'the promoted standby had no sentinel: its reset floor moved after the crash');
  for (const [i, { url, headers }] of replays.entries()) {
    const res = await fetch(url, { headers });
    const body = await res.json() as { code: string };
    t.equal(res.status, 401, `instance ${i + 1} refuses the replay`);
    t.equal(body.code, 'signature_expired', 'signed before the reset floor');
  }
});

t.test('a credential revoked after the failover is refused by both instances within 1 s', async (t) => {
  for (const on of instances) t.equal((await call(on, revoked, 'GET', '/v1/me')).status, 200, 'cached as valid first');
  const revoking = now();
  await revokeCredential(primary, revoked.keyId);
  const refusedAt = await Promise.all(instances.map(async (on) => {
    while ((await call(on, revoked, 'GET', '/v1/me')).status !== 401) await sleep(20);
    return now() - revoking;
  }));
  for (const [i, ms] of refusedAt.entries()) t.ok(ms < 1000, `instance ${i + 1} refuses it after ${Math.round(ms)} ms`);
});

t.test('a poller following after= across the switch sees no gap and no duplicate', async (t) => {
  await sleep(300);
  const last = await feed.stop();
  const polls = feed.polls.map((s) => (s.status ? `${s.status} ${s.code ?? ''}`.trim() : 'no answer'));
  t.ok(polls.includes('503 service_unavailable') && polls.filter((s) => s === '200').length > 10, `${polls.length} polls, 503 during the switch`);
  const expected = ['200', '503 service_unavailable', '401 signature_expired'];
  t.same(polls.filter((s) => !expected.includes(s)), [], 'every poll answered 200 or 503 (or refused for a signature of the reset\'s second)');
  // How many depends on the machine's speed; that they are exactly the feed's is checked below.
  t.ok(seen.length > 20, `${seen.length} changes seen`);
  t.equal(new Set(seen).size, seen.length, 'none twice');
  t.same(seen, [...seen].sort((x, y) => Number(x) - Number(y)), 'in id order');
  const rows = await primary<{ id: string }[]>`select id from changes where workspace_id = ${club.id} and id <= ${last ?? 0} order by id`;
  t.same(seen, rows.map((r) => r.id), 'exactly the changes of the feed on the new primary');
});

t.test('the promotion starts one new history: recorded once by two instances, later change ids past the gap, and no poller was reset', async (t) => {
  const histories = await primary<{ timeline: number; previous_last: string | null; first_id: string }[]>`
    select timeline, previous_last::text, first_id::text from feed_histories order by id`;
  t.equal(histories.length, 2, 'the first history and the promoted standby\'s');
  const [first, second] = histories;
  t.ok(second!.timeline > first!.timeline, 'on the new timeline');
  const [{ count }] = await primary<[{ count: string }]>`select count(*)::text from changes where id > ${second!.previous_last} and id <= ${second!.first_id}`;
  t.equal(count, '0', 'no change id inside the gap');
  // The poller above met no feed_reset: every position it held existed on the new primary.
});

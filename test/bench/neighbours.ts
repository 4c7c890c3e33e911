// `BENCH_NEIGHBOURS=1 npm run bench`: issue 37's hostile tenant beside bystanders, in one run.
// The service runs as shipped (its webhook worker on: 16 slots, a 25 % share per workspace, the
// default rate limit), with loopback webhook receivers allowed. The bystanders' credentials carry a
// lifted limit of their own (credentials.rate_limit, as an operator grants one), so that their
// measurement is not capped; the hostile tenant's carry the service's default, as a partner's do
// (it cannot raise its own), unless BENCH_NEIGHBOURS_HOSTILE_LIMIT gives them a limit too.
//
// Bystanders: BENCH_NEIGHBOURS_CLUBS (4) clubs, each in a federation of its own with a credential
// and BENCH_NEIGHBOURS_CALLERS (2) closed-loop callers sending in turn GET /v1/me, a members page,
// a member create and a member PATCH. Each club has a healthy webhook endpoint following
// `team.updated`, and such changes are committed in their clubs at BENCH_NEIGHBOURS_CHANGES per
// second (8 in all: at 5 a second per endpoint the service's worker already fell behind on the
// shared 2-core machine with the bystanders alone): the endpoint times these alone, not the
// members' changes the callers make.
//
// The hostile tenant (a federation and its club; hostile-thread.ts sends its requests):
// - BENCH_NEIGHBOURS_IN_FLIGHT (100) PATCHes in flight from one credential on a member whose row
//   this process holds FOR UPDATE in an open transaction, each re-sent as it ends;
// - BENCH_NEIGHBOURS_ARRAY_LOOPS (2) loops of bodies just under 1 MiB made of `{}`: a member's
//   guardians (create and PATCH), a lineup's players, a match's officials, an invoice's lines;
// - BENCH_NEIGHBOURS_TRICKLE (17) endpoints of its club at a receiver that sends one byte a second
//   (the cap of endpoints per workspace is raised to let them in), and 4 changes a second in it.
//
// Each round is two phases of BENCH_NEIGHBOURS_SECONDS (20) measured: bystanders alone, then beside
// the hostile tenant (3 s after it started); BENCH_NEIGHBOURS_ROUNDS (1) rounds. A phase ends when
// every change committed in it has arrived or 15 s later. The hostile endpoints are added at the
// start of each hostile phase and removed at its end, so that an alone phase is alone.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { migrate } from '../../src/db/migrate.js';
import { createPool } from '../../src/db/pool.js';
import { parseRanges } from '../../src/webhooks/addresses.js';
import { addEndpoint, removeEndpoint, type RegistryPolicy } from '../../src/webhooks/registry.js';
import { serviceAt } from '../support/harness.js';
import { anotherCredential, createClub, createFederation, type Tenant } from '../support/factories.js';
import { managed } from '../support/webhook-endpoints.js';
import { startTrickleReceiver } from '../support/trickle-receiver.js';
import type { HostileBody, HostileData, HostileReport } from './hostile-thread.js';
import { quantile } from './load.js';
import { clusterCpuSeconds, cpuSeconds } from './machine.js';
import { privatePostgres, startService } from './processes.js';
import { deliver, parsed, sign, type Req } from './volume-requests.js';
import { commitChange, startTimingReceiver } from './webhook-timing.js';

const root = path.resolve(import.meta.dirname, '../../..');
const numberOf = (name: string, fallback: number) => Number(process.env[name] || fallback);
const seconds = numberOf('BENCH_NEIGHBOURS_SECONDS', 20);
const rounds = numberOf('BENCH_NEIGHBOURS_ROUNDS', 1);
const clubs = numberOf('BENCH_NEIGHBOURS_CLUBS', 4);
const callersPerClub = numberOf('BENCH_NEIGHBOURS_CALLERS', 2);
const changeRate = numberOf('BENCH_NEIGHBOURS_CHANGES', 8);
const inFlight = numberOf('BENCH_NEIGHBOURS_IN_FLIGHT', 100);
const arrayLoops = numberOf('BENCH_NEIGHBOURS_ARRAY_LOOPS', 2);
const trickling = numberOf('BENCH_NEIGHBOURS_TRICKLE', 17);
/** Requests per window for the hostile tenant's credentials; undefined: the service's default (RATE_LIMIT). */
const hostileLimit = process.env.BENCH_NEIGHBOURS_HOSTILE_LIMIT ? Number(process.env.BENCH_NEIGHBOURS_HOSTILE_LIMIT) : undefined;
const liftedLimit = 1_000_000;
const warmupSeconds = 3;
const drainMs = 15_000;
const hostileChangesPerSecond = 4;
const maxBodyBytes = 1024 * 1024;

/** The watchdog's budget: setup, then per phase its warm-up, measure, drain and stop. */
export const neighboursBudgetMs = () => (300 + rounds * 2 * (warmupSeconds + seconds + drainMs / 1000 + 30)) * 1000;

const kinds = ['me', 'members page', 'member create', 'member patch'] as const;
type Kind = (typeof kinds)[number];

interface Bystander { tenant: Tenant; members: string[] }

interface Phase {
  round: number;
  hostile: boolean;
  ms: Record<Kind, number[]>;
  /** Bystanders' answers that were not 2xx, by `<kind> <status> <code>`. */
  failures: Record<string, number>;
  webhookMs: number[];
  perSecond: number;
  /** CPU ms per answered request (bystanders' and the hostile tenant's) of the service and of Postgres. */
  cpuMs: { service: number; postgres: number };
  /** Cores this process (bystanders, hostile thread, receivers) used. */
  generatorCores: number;
  hostileAnswered: number;
  load: number[];
  hostileReports?: HostileReport[];
}

const requestOf = (b: Bystander, kind: Kind, i: number): Req => {
  switch (kind) {
    case 'me': return { method: 'GET', path: '/v1/me', key: b.tenant.key };
    case 'members page': return { method: 'GET', path: '/v1/club/members?limit=25', key: b.tenant.key };
    case 'member create': return { method: 'POST', path: '/v1/club/members', body: { first_name: 'Nel', last_name: `Bystander${i}`, birth_date: '2009-03-04', gender: 'female' }, key: b.tenant.key };
    case 'member patch': return { method: 'PATCH', path: `/v1/club/members/${b.members[i % b.members.length]}`, body: { first_name: `Nel${i % 1000}` }, key: b.tenant.key };
  }
};

/** `{"a":{"b":[{},{},…]}}` just under the body limit. */
function arrayBody(keys: string[]): string {
  const prefix = keys.map((k) => `{${JSON.stringify(k)}:`).join('') + '[';
  const suffix = ']' + '}'.repeat(keys.length);
  const items = Math.floor((maxBodyBytes - prefix.length - suffix.length + 1) / 3);
  return prefix + '{}' + ',{}'.repeat(items - 1) + suffix;
}

const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
const ms = (xs: number[], q: number) => xs.length ? quantile(xs, q).toFixed(1) : '-';
const tally = (into: Record<string, number>, key: string, n = 1) => { into[key] = (into[key] ?? 0) + n; };

export async function benchNeighbours(onExit: (undo: () => Promise<unknown>) => void): Promise<number> {
  console.log(`machine: ${os.cpus().length} CPU(s), node ${process.version}; ${new Date().toISOString()}; 1-minute load average at start ${os.loadavg()[0]!.toFixed(2)}`);
  const { dir, embedded } = await privatePostgres('partner-bench-neighbours-', onExit);
  const sql = createPool(embedded.socketUrl, 6);
  onExit(() => sql.end({ timeout: 5 }));
  await migrate(sql);
  const key = randomBytes(32);
  const service = await startService(root, embedded.socketUrl, key.toString('base64'), path.join(dir, 'service'), undefined,
    // RATE_LIMIT empty: the service's default, not the lifted one every other bench runs with.
    { WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_ADDRESSES: '127.0.0.0/8', RATE_LIMIT: '' });
  onExit(service.stop);
  const svc = serviceAt(service.base, sql, key);
  const policy: RegistryPolicy = { allowHttp: true, allowed: parseRanges(['127.0.0.0/8']), endpointsMax: Math.max(10, trickling) };
  const receiver = await startTimingReceiver();
  onExit(async () => receiver.close());

  const bystanders: Bystander[] = [];
  for (let c = 0; c < clubs; c++) {
    const tenant = await createClub(svc, await createFederation(svc), { rateLimit: liftedLimit });
    const members: string[] = [];
    for (let m = 0; m < 20; m++) members.push((await tenant.call('POST', '/v1/club/members', { first_name: 'Nel', last_name: `Seed${m}`, birth_date: '2008-01-02', gender: 'female' })).body.data.id);
    await addEndpoint(sql, key, policy, managed(tenant), { url: `${receiver.base}/c${c}`, events: ['team.updated'] });
    bystanders.push({ tenant, members });
  }
  const hostileFederation = await createFederation(svc, { rateLimit: hostileLimit });
  const hostile = await createClub(svc, hostileFederation, { rateLimit: hostileLimit });
  const arraysCredential = await anotherCredential(svc, hostile, { rateLimit: hostileLimit });
  const locked = (await hostile.call('POST', '/v1/club/members', { first_name: 'Held', last_name: 'Row', birth_date: '2008-01-02', gender: 'male' })).body.data.id as string;
  const bodies: HostileBody[] = [
    { method: 'POST', path: '/v1/club/members', text: arrayBody(['guardians']), key: arraysCredential.key },
    { method: 'PATCH', path: `/v1/club/members/${locked}`, text: arrayBody(['guardians']), key: arraysCredential.key },
    { method: 'PUT', path: '/v1/club/matches/1/lineup', text: arrayBody(['players']), key: arraysCredential.key },
    { method: 'PUT', path: '/v1/federation/matches/1/officials', text: arrayBody(['officials']), key: hostileFederation.key },
    { method: 'POST', path: '/v1/club/invoices', text: arrayBody(['lines']), key: arraysCredential.key },
  ];
  console.log(`service ${service.base}: ${clubs} bystander clubs × ${callersPerClub} closed-loop callers, ${changeRate} changes/s in their clubs;`
    + ` hostile: ${inFlight} PATCHes in flight on a locked row, ${arrayLoops} loops of ~1 MiB array bodies, ${trickling} trickling endpoints and ${hostileChangesPerSecond} changes/s;`
    + ` hostile credentials' rate limit ${hostileLimit ?? 'the default'} per window;`
    + ` ${warmupSeconds} s of hostile warm-up, ${seconds} s measured per phase, ${rounds} round(s)`);

  let nextChange = 1e12;
  /** The i-th change goes to `clubOf(i)`, at `perSecond`, until `running()` is false; each one's id → commit time goes to `committed`. */
  const commitLoop = async (federationOf: (i: number) => string, clubOf: (i: number) => string, perSecond: number, running: () => boolean, committed?: Map<number, number>) => {
    const t0 = performance.now();
    const writes: Promise<void>[] = [];
    for (let i = 0; running(); i++) {
      const wait = t0 + (i * 1000) / perSecond - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (!running()) break;
      const id = nextChange++;
      writes.push(commitChange(sql, federationOf(i), clubOf(i), id, 'team').then(() => void committed?.set(id, performance.now())));
    }
    await Promise.all(writes);
  };

  async function startHostile() {
    const trickle = await startTrickleReceiver(1000);
    const endpoints: string[] = [];
    for (let i = 0; i < trickling; i++) endpoints.push((await addEndpoint(sql, key, policy, managed(hostile), { url: `${trickle.base}/${i}` })).id);
    let releaseLock!: () => void;
    // A failure after the lock was taken shows as 2xx answers to the hostile PATCHes.
    const lockTaken = new Promise<void>((taken, failed) => {
      sql.begin(async (tx) => {
        await tx`select id from members where id = ${locked} for update`;
        taken();
        await new Promise<void>((r) => (releaseLock = r));
      }).catch(failed);
    });
    await lockTaken;
    let changing = true;
    const changes = commitLoop(() => hostileFederation.id, () => hostile.id, hostileChangesPerSecond, () => changing);
    const answered = new SharedArrayBuffer(4);
    const data: HostileData = { base: service.base, inFlight, waiter: { path: `/v1/club/members/${locked}`, key: hostile.key }, arrayLoops, bodies, answered };
    const thread = new Worker(new URL('./hostile-thread.js', import.meta.url), { workerData: data });
    return {
      answered: () => Atomics.load(new Int32Array(answered), 0),
      trickle,
      async stop(): Promise<HostileReport[]> {
        const reports = new Promise<HostileReport[]>((resolve, reject) => {
          thread.once('message', resolve);
          thread.once('error', reject);
        });
        thread.postMessage('stop');
        const result = await reports;
        await thread.terminate();
        changing = false;
        await changes;
        for (const id of endpoints) await removeEndpoint(sql, managed(hostile), id);
        releaseLock();
        await trickle.close();
        return result;
      },
    };
  }

  async function phase(round: number, withHostile: boolean): Promise<Phase> {
    const enemy = withHostile ? await startHostile() : undefined;
    if (enemy) await new Promise((r) => setTimeout(r, warmupSeconds * 1000));
    const result: Phase = {
      round, hostile: withHostile, ms: { me: [], 'members page': [], 'member create': [], 'member patch': [] }, failures: {}, webhookMs: [],
      perSecond: 0, cpuMs: { service: 0, postgres: 0 }, generatorCores: 0, hostileAnswered: 0, load: [],
    };
    const sampler = setInterval(() => result.load.push(os.loadavg()[0]!), 1000);
    const hostileBefore = enemy?.answered() ?? 0;
    const cpuBefore = { service: cpuSeconds(service.pid), postgres: clusterCpuSeconds(embedded.dataDir), generator: cpuSeconds(process.pid) };
    const started = performance.now();
    const stopAt = started + seconds * 1000;
    const committed = new Map<number, number>();
    const callers = bystanders.flatMap((b) => Array.from({ length: callersPerClub }, async (_, n) => {
      for (let i = n; performance.now() < stopAt; i += callersPerClub) {
        const kind = kinds[i % kinds.length]!;
        const signed = sign(service.base, requestOf(b, kind, i));
        const t = performance.now();
        const answer = await deliver(signed).catch((e: Error) => ({ status: 0, text: e.message }));
        result.ms[kind].push(performance.now() - t);
        if (answer.status < 200 || answer.status > 299) tally(result.failures, `${kind} ${answer.status} ${(parsed(answer.text) as { code?: string } | undefined)?.code ?? ''}`.trim());
      }
    }));
    const changes = commitLoop((i) => bystanders[i % clubs]!.tenant.federationId, (i) => bystanders[i % clubs]!.tenant.id, changeRate, () => performance.now() < stopAt, committed);
    await Promise.all(callers);
    const wall = (performance.now() - started) / 1000;
    const answeredHere = kinds.reduce((n, k) => n + result.ms[k].length, 0);
    result.hostileAnswered = (enemy?.answered() ?? 0) - hostileBefore;
    const requests = answeredHere + result.hostileAnswered;
    result.cpuMs = { service: ((cpuSeconds(service.pid) - cpuBefore.service) * 1000) / requests, postgres: ((clusterCpuSeconds(embedded.dataDir) - cpuBefore.postgres) * 1000) / requests };
    result.perSecond = answeredHere / wall;
    result.generatorCores = (cpuSeconds(process.pid) - cpuBefore.generator) / wall;
    clearInterval(sampler);
    await changes;
    const drainUntil = performance.now() + drainMs;
    while ([...committed.keys()].some((id) => !receiver.received.has(id)) && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 100));
    result.webhookMs = [...committed].map(([id, at]) => (receiver.received.get(id) ?? Infinity) - at);
    if (enemy) {
      console.log(`  the hostile club held at most ${enemy.trickle.most} delivery slot(s) at once`);
      result.hostileReports = await enemy.stop();
    }
    console.log(`round ${round}, ${withHostile ? 'beside the hostile tenant' : 'bystanders alone'}: ${answeredHere} bystander requests, ${result.webhookMs.length} webhook messages timed`
      + `; load average ${Math.min(...result.load).toFixed(2)}-${Math.max(...result.load).toFixed(2)}`);
    return result;
  }

  const phases: Phase[] = [];
  for (let round = 1; round <= rounds; round++) for (const withHostile of [false, true]) phases.push(await phase(round, withHostile));
  return report(phases);
}

function report(phases: Phase[]): number {
  console.log(`\nbystanders' latency (ms, measured from this process, each request signed before its clock) and their webhooks' commit to receipt:`);
  console.log(line(['round', 'phase', ...kinds.map((k) => `${k} p50 / p99`), 'bystander req/s', 'not 2xx', 'webhook p50 / p99 (messages)', 'CPU ms per request: service / Postgres', 'generator cores', 'load average (1 min)']));
  console.log(line(['---', '---', ...kinds.map(() => '---:'), '---:', '---', '---:', '---:', '---:', '---']));
  for (const p of phases) {
    const failures = Object.entries(p.failures).map(([k, n]) => `${n} × ${k}`).join(', ') || 'none';
    const lost = p.webhookMs.filter((x) => !Number.isFinite(x)).length;
    console.log(line([String(p.round), p.hostile ? 'beside hostile' : 'alone', ...kinds.map((k) => `${ms(p.ms[k], 0.5)} / ${ms(p.ms[k], 0.99)}`), p.perSecond.toFixed(0), failures,
      `${ms(p.webhookMs, 0.5)} / ${ms(p.webhookMs, 0.99)} (${p.webhookMs.length}${lost ? `, ${lost} not received` : ''})`,
      `${p.cpuMs.service.toFixed(2)} / ${p.cpuMs.postgres.toFixed(2)}${p.hostile ? ` (incl. ${p.hostileAnswered} hostile)` : ''}`, p.generatorCores.toFixed(2),
      `${Math.min(...p.load).toFixed(2)}-${Math.max(...p.load).toFixed(2)}`]));
  }
  console.log(`\nthe hostile tenant's answers (over its whole phase, warm-up and wind-down included):`);
  console.log(line(['round', 'requests', 'answers by status and code', 'p50 / p99 ms']));
  console.log(line(['---', '---', '---', '---:']));
  for (const p of phases.filter((x) => x.hostileReports)) {
    for (const r of p.hostileReports!) {
      console.log(line([String(p.round), r.group, Object.entries(r.answers).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n} × ${k}`).join(', '), `${ms(r.ms, 0.5)} / ${ms(r.ms, 0.99)}`]));
    }
  }
  // All rounds pooled: each kind's p99 beside the hostile tenant against its own alone.
  const pooled = (hostile: boolean, pick: (p: Phase) => number[]) => phases.filter((p) => p.hostile === hostile).flatMap(pick);
  let met = true;
  console.log('\ntargets (issue 37):');
  for (const kind of kinds) {
    const alone = quantile(pooled(false, (p) => p.ms[kind]), 0.99);
    const beside = quantile(pooled(true, (p) => p.ms[kind]), 0.99);
    const ok = beside <= 2 * alone;
    met &&= ok;
    console.log(`  ${kind}: p99 ${beside.toFixed(1)} ms beside the hostile tenant, ${alone.toFixed(1)} ms alone (${(beside / alone).toFixed(2)}×): ${ok ? 'met' : 'NOT met'} (≤ 2×)`);
  }
  const webhook = quantile(pooled(true, (p) => p.webhookMs), 0.99);
  const webhookAlone = quantile(pooled(false, (p) => p.webhookMs), 0.99);
  met &&= webhook <= 1000;
  console.log(`  bystanders' webhooks: p99 ${webhook.toFixed(1)} ms beside the hostile tenant (${webhookAlone.toFixed(1)} ms alone): ${webhook <= 1000 ? 'met' : 'NOT met'} (≤ 1 000 ms)`);
  console.log(`1-minute load average at end: ${os.loadavg()[0]!.toFixed(2)}`);
  return met ? 0 : 1;
}

// `BENCH_SOAK=1 npm run bench`: the service for BENCH_SOAK_MINUTES (20) at a fixed BENCH_SOAK_RATE
// (300 requests per second, open loop: a request is sent on its schedule whatever the previous
// ones are doing) from 50 credentials over 10 federations (a federation and 4 clubs each). Club
// credentials list and read members, create members and poll their feed; federation credentials
// list their clubs, poll their feed and read /v1/me. Every 10 s it samples the service's resident
// memory, its connections to Postgres, the sizes of the nonce and rate-window tables and the CPU
// time of the service, Postgres and this generator; a probe preloaded into the service
// (event-loop.ts) records its event loop's delay and its full collections. At the end it prints a
// line per minute, and the verdicts: no error, the last 5 minutes' p99 within 20 % of the first
// 5's, memory, connections and tables flat; then, by minute, what Postgres logged (its slow
// statements' plans, checkpoints, autovacuum: server-log.ts).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { migrate } from '../../src/db/migrate.js';
import { createPool } from '../../src/db/pool.js';
import { serviceAt } from '../support/harness.js';
import { createClub, createFederation, type Tenant } from '../support/factories.js';
import { quantile } from './load.js';
import { clusterCpuSeconds, cpuSeconds } from './machine.js';
import { observeFullCollections, preload, probeLines } from './probes.js';
import { privatePostgres, startService } from './processes.js';
import { logSlowStatements, serverEvents, slowMs } from './server-log.js';
import { send, type Req } from './volume-requests.js';

const root = path.resolve(import.meta.dirname, '../../..');
const minutes = Number(process.env.BENCH_SOAK_MINUTES || 20);
const rate = Number(process.env.BENCH_SOAK_RATE || 300);
const federations = 10;
const clubsPerFederation = 4;
const membersPerClub = 20;
/** Requests in flight at most: past it a request is counted late instead of piling up. */
const maxInFlight = 200;
const sampleMs = 10_000;

interface Caller { tenant: Tenant; members: string[]; after?: string }
interface Sample { at: number; ms: number; status: number }
interface Gauge {
  at: number;
  rssMiB: number;
  connections: number;
  nonces: number;
  rateWindows: number;
  /** CPU seconds so far: the service, the Postgres cluster, this process. */
  cpu: { service: number; postgres: number; generator: number };
}


async function rssMiB(pid: number): Promise<number> {
  const line = (await readFile(`/proc/${pid}/status`, 'utf8')).split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? NaN) / 1024;
}

const member = (i: number) => ({ first_name: 'Sam', last_name: `Soak${i}`, birth_date: '2004-05-06', gender: 'female' });

/** The i-th request of a caller: its own mix of reads, writes and feed polls. */
function requestOf(caller: Caller, i: number): Req {
  const { tenant } = caller;
  const feed = `/v1/${tenant.kind}/changes?limit=100${caller.after ? `&after=${caller.after}` : ''}`;
  if (tenant.kind === 'federation') {
    const kinds = [feed, '/v1/federation/clubs?limit=25', '/v1/me'];
    return { method: 'GET', path: kinds[i % kinds.length]!, key: tenant.key };
  }
  switch (i % 10) {
    case 0: case 1: return { method: 'POST', path: '/v1/club/members', body: member(i), key: tenant.key };
    case 2: case 3: return { method: 'GET', path: feed, key: tenant.key };
    case 4: case 5: case 6: return { method: 'GET', path: `/v1/club/members/${caller.members[i % caller.members.length]}`, key: tenant.key };
    default: return { method: 'GET', path: '/v1/club/members?limit=25', key: tenant.key };
  }
}

export async function benchSoak(onExit: (undo: () => Promise<unknown>) => void): Promise<number> {
  console.log(`machine: ${os.cpus().length} CPU(s), node ${process.version}; ${new Date().toISOString()}; soak ${minutes} min at ${rate} req/s`);
  const { dir, embedded } = await privatePostgres('partner-bench-soak-', onExit);
  const sql = createPool(embedded.socketUrl, 4);
  onExit(() => sql.end({ timeout: 5 }));
  await migrate(sql);
  // The service's sessions explain their slow statements; Postgres also logs checkpoints and autovacuum (server-log.ts).
  await sql`alter system set session_preload_libraries = 'auto_explain'`;
  await logSlowStatements(sql);
  const key = randomBytes(32);
  const loopFile = path.join(dir, 'event-loop.txt');
  const gcFile = path.join(dir, 'full-gcs.txt');
  Object.assign(process.env, { BENCH_EVENT_LOOP_FILE: loopFile, BENCH_GC_FILE: gcFile });
  preload('event-loop.js');
  const service = await startService(root, embedded.socketUrl, key.toString('base64'), path.join(dir, 'service'));
  onExit(service.stop);
  const svc = serviceAt(service.base, sql, key);
  const callers: Caller[] = [];
  for (let f = 0; f < federations; f++) {
    const federation = await createFederation(svc);
    callers.push({ tenant: federation, members: [] });
    for (let c = 0; c < clubsPerFederation; c++) {
      const club = await createClub(svc, federation);
      const members: string[] = [];
      for (let m = 0; m < membersPerClub; m++) members.push((await club.call('POST', '/v1/club/members', member(m))).body.data.id);
      callers.push({ tenant: club, members });
    }
  }
  console.log(`${callers.length} credentials over ${federations} federations, ${federations * clubsPerFederation * membersPerClub} members made`);

  const samples: Sample[] = [];
  const gauges: Gauge[] = [];
  const errors = new Map<string, number>();
  let late = 0;
  let inFlight = 0;
  /** How far behind its schedule the generator sent each request: its own saturation shows here. */
  const lags: number[] = [];
  /** This process's own full collections (epoch ms, pause ms): its pauses delay the answers it reads. */
  const generatorGcs: [number, number][] = [];
  const gcObserver = observeFullCollections((at, pause) => generatorGcs.push([at, pause]));
  const generatorCpu = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1e6; };
  const gauge = async () => {
    const [row] = await sql<{ connections: number; nonces: number; windows: number }[]>`
      select (select count(*) from pg_stat_activity where application_name = 'partner-service')::int as connections,
             (select count(*) from nonces)::int as nonces, (select count(*) from rate_windows)::int as windows`;
    const cpu = { service: cpuSeconds(service.pid), postgres: clusterCpuSeconds(embedded.dataDir), generator: generatorCpu() };
    gauges.push({ at: performance.now(), rssMiB: await rssMiB(service.pid), connections: row!.connections, nonces: row!.nonces, rateWindows: row!.windows, cpu });
  };
  const start = performance.now();
  const startedAt = Date.now();
  const end = start + minutes * 60_000;
  await gauge();
  let nextGauge = start + sampleMs;
  const gauging: Promise<void>[] = [];
  for (let i = 0; ; i++) {
    const due = start + (i * 1000) / rate;
    if (due >= end) break;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    if (performance.now() >= nextGauge) {
      nextGauge += sampleMs;
      gauging.push(gauge());
    }
    if (inFlight >= maxInFlight) {
      late++;
      continue;
    }
    const caller = callers[i % callers.length]!;
    const req = requestOf(caller, Math.floor(i / callers.length));
    inFlight++;
    const sent = performance.now();
    lags.push(sent - due);
    void send(service.base, req).then((res) => {
      samples.push({ at: sent - start, ms: performance.now() - sent, status: res.status });
      if (res.status >= 300) {
        const what = `${req.method} ${req.path.split('?')[0]!.replace(/\d+/g, '{id}')} ${res.status} ${res.json?.code ?? ''}`;
        errors.set(what, (errors.get(what) ?? 0) + 1);
      } else if (req.path.includes('/changes') && Array.isArray(res.json?.data) && res.json.data.length) {
        caller.after = res.json.data.at(-1).id;
      }
    }, (error: Error) => {
      samples.push({ at: sent - start, ms: performance.now() - sent, status: 0 });
      errors.set(`${req.method} ${error.message}`, (errors.get(`${req.method} ${error.message}`) ?? 0) + 1);
    }).finally(() => void inFlight--);
  }
  while (inFlight > 0) await sleep(10);
  await Promise.all(gauging);
  await gauge();
  gcObserver.disconnect();
  await sleep(300); // the probe writes every 250 ms
  const loop = await probeLines(loopFile);
  const serviceGcs = await probeLines(gcFile);

  const minute = (at: number) => Math.floor(at / 60_000);
  console.log(`\nsoak, ${minutes} min at ${rate} req/s open loop, ${callers.length} credentials, ${federations} federations:`);
  console.log('CPU per answered request (µs) between the samples that open a minute and the next (the generator\'s is the machine\'s speed: its work per request is fixed); full collections as count (pauses summed, ms).');
  console.log('| minute | requests | non-2xx | p50 ms | p99 ms | max ms | RSS MiB | connections | nonces | rate windows | service µs | Postgres µs | generator µs | event loop max ms | service full GCs | generator full GCs |');
  console.log(`| ${Array<string>(16).fill('---:').join(' | ')} |`);
  const epochMinute = (epochMs: number) => minute(epochMs - startedAt);
  const collections = (gcs: [number, number][], m: number) => {
    const pauses = gcs.filter(([t]) => epochMinute(t) === m).map(([, ms]) => ms);
    return `${pauses.length} (${pauses.reduce((a, b) => a + b, 0).toFixed(0)})`;
  };
  /** CPU µs per request answered between the first samples taken at or after `fromMs` and `toMs` (from the start). */
  const sampledFrom = (ms: number) => gauges.find((g) => g.at - start >= ms);
  const cpuPerRequest = (fromMs: number, toMs: number) => {
    const [a, b] = [sampledFrom(fromMs), sampledFrom(toMs)];
    const answered = a && b ? samples.filter((s) => s.at + s.ms > a.at - start && s.at + s.ms <= b.at - start).length : 0;
    const of = (what: keyof Gauge['cpu']) => (answered ? ((1e6 * (b!.cpu[what] - a!.cpu[what])) / answered).toFixed(0) : 'n/a');
    return { service: of('service'), postgres: of('postgres'), generator: of('generator') };
  };
  for (let m = 0; m < minutes; m++) {
    const ms = samples.filter((s) => minute(s.at) === m).map((s) => s.ms);
    const last = sampledFrom((m + 1) * 60_000); // the sample that closes the minute
    const failed = samples.filter((s) => minute(s.at) === m && (s.status < 200 || s.status > 299)).length;
    const cpu = cpuPerRequest(m * 60_000, (m + 1) * 60_000);
    const loopMax = Math.max(-1, ...loop.filter(([t]) => epochMinute(t - 250) === m).map(([, d]) => d));
    console.log(`| ${[m + 1, ms.length, failed, quantile(ms, 0.5).toFixed(1), quantile(ms, 0.99).toFixed(1), Math.max(...ms).toFixed(0),
      last ? last.rssMiB.toFixed(0) : 'n/a', last?.connections ?? 'n/a', last?.nonces ?? 'n/a', last?.rateWindows ?? 'n/a',
      cpu.service, cpu.postgres, cpu.generator, loopMax < 0 ? 'n/a' : loopMax.toFixed(0),
      collections(serviceGcs, m), collections(generatorGcs, m)].join(' | ')} |`);
  }
  const window = Math.max(1, Math.min(5, Math.floor(minutes / 2)));
  const p99Of = (from: number, to: number) => quantile(samples.filter((s) => s.at >= from * 60_000 && s.at < to * 60_000).map((s) => s.ms), 0.99);
  const first = p99Of(0, window);
  const lastP99 = p99Of(minutes - window, minutes);
  const failed = samples.filter((s) => s.status < 200 || s.status > 299).length;
  const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
  const settled = gauges.filter((g) => g.at - start >= window * 60_000); // after the first window's warm-up
  console.log(`\n${samples.length} answered, ${late} not sent (more than ${maxInFlight} in flight); the generator sent behind its schedule by p99 ${quantile(lags, 0.99).toFixed(1)} ms, max ${lags.reduce((a, b) => Math.max(a, b), 0).toFixed(0)} ms`);
  console.log(`errors: ${failed === 0 ? '0: met' : `${failed}: MISSED`}${[...errors].map(([what, n]) => `\n  ${n} × ${what}`).join('')}`);
  console.log(`p99, first ${window} min ${first.toFixed(1)} ms, last ${window} min ${lastP99.toFixed(1)} ms: ${(100 * (lastP99 / first - 1)).toFixed(0)} % (within 20 %: ${lastP99 <= first * 1.2 ? 'met' : 'MISSED'})`);
  const cpuOf = (cpu: ReturnType<typeof cpuPerRequest>) => `service ${cpu.service}, Postgres ${cpu.postgres}, generator ${cpu.generator} µs`;
  console.log(`CPU per request, first ${window} min: ${cpuOf(cpuPerRequest(0, window * 60_000))}; last ${window} min: ${cpuOf(cpuPerRequest((minutes - window) * 60_000, minutes * 60_000))}`);
  console.log(`RSS over the run ${range(gauges.map((g) => g.rssMiB))} MiB, after minute ${window} ${range(settled.map((g) => g.rssMiB))} MiB`);
  console.log(`connections ${range(gauges.map((g) => g.connections))}; nonces ${range(gauges.map((g) => g.nonces))}; rate windows ${range(gauges.map((g) => g.rateWindows))}`);
  const events = await serverEvents(embedded.dataDir, startedAt);
  console.log(`Postgres during the run: statements slower than ${slowMs} ms (auto_explain), checkpoints, autovacuum:\n${
    events.map((e) => `  minute ${minute(e.at - startedAt) + 1}: ${e.what}`).join('\n') || '  none'}`);
  return failed === 0 ? 0 : 1;
}

// `BENCH_VOLUME=1 npm run bench`: every operation of the router table against a national data set
// (src/console/seed.ts, BENCH_VOLUME_SCALE=national|small) in a private Postgres with
// pg_stat_statements, the service in a child process. Reads run as the seed's federation and its
// big club (first page, a page a few cursors deep, each documented filter, a lookup by a seeded
// id); writes as fresh tenants made by the test factories inside the same database, one fresh
// row per request where a write consumes its target (test/support/scenarios.ts; BENCH_VOLUME_WRITES,
// 100, prepared per write), and member create in the big club. Each variant: concurrency 8, up to
// BENCH_VOLUME_COUNT (1000) requests or 5 s. Then the fixtures targets: competitions of 20 and 64
// accepted entries, 2 legs, scheduled one at a time. Prints the table, the misses against the
// issue's targets, the service's peak RSS, its round trips to Postgres and its event loop's
// largest delay per variant (probes preloaded into the service: round-trips.ts, event-loop.ts), and
// what Postgres logged meanwhile (server-log.ts).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import * as v from 'valibot';
import { seed, type Scale, type SeedSet } from '../../src/console/seed.js';
import { socketOf } from '../../src/db/hosts.js';
import { migrate } from '../../src/db/migrate.js';
import { createPool, type Sql } from '../../src/db/pool.js';
import { operations } from '../../src/operations/index.js';
import type { Operation } from '../../src/operations/operation.js';
import type { SigningKey } from '../../src/signing/client.js';
import { serviceAt } from '../support/harness.js';
import { readVariants } from '../support/read-variants.js';
import { successScenario } from '../support/scenarios.js';
import { quantile } from './load.js';
import { cpuSeconds, peakRss, resetPeak } from './machine.js';
import { preload, probeLines } from './probes.js';
import { privatePostgres, startService } from './processes.js';
import { logSlowStatements, serverEvents, slowMs } from './server-log.js';
import { deliver, fixturesCompetition, parsed, seededIds, send, sign, type Caller, type Req, type Signed } from './volume-requests.js';

const root = path.resolve(import.meta.dirname, '../../..');
const scale = (process.env.BENCH_VOLUME_SCALE || 'national') as Scale;
const count = Number(process.env.BENCH_VOLUME_COUNT || 1000);
const writeCount = Number(process.env.BENCH_VOLUME_WRITES || 100);
const warmCount = Number(process.env.BENCH_VOLUME_WARM ?? 24);
/** Operation ids (comma-separated) to drive alone, for an A/B of a few; every operation otherwise. */
const only = process.env.BENCH_VOLUME_ONLY?.split(',');
const concurrency = 8;
const maxSeconds = 5;

export interface Result { op: string; kind: 'read' | 'write'; variant: string; p50: number; p99: number; sent: number; perSecond: number; from: number; to: number; loopMax?: number; fullGcs?: number; rows: number; statements: number | undefined; roundTrips?: number; walBytes: number | undefined; serviceMicros?: number; generatorMicros: number; generatorLoopMax: number; non2xx: number; firstError?: string; rssMiB?: number }

/**
 * Statements the service ran since the last reset, and the WAL they wrote (pg_stat_statements),
 * the bench's own left out.
 */
async function statements(sql: Sql, on: boolean): Promise<{ calls: number; walBytes: number } | undefined> {
  if (!on) return undefined;
  const [row] = await sql<{ calls: string; wal: string }[]>`
    select coalesce(sum(calls), 0)::text as calls, coalesce(sum(wal_bytes), 0)::text as wal
    from pg_stat_statements where query not ilike '%pg_stat_statements%'`;
  return { calls: Number(row!.calls), walBytes: Number(row!.wal) };
}

/**
 * Concurrency 8 until `next` runs dry, `count` requests were sent or 5 s passed. The requests are
 * signed before the clock starts and only the last answer is parsed, so that the generator's own
 * CPU (shown per request) takes as little as it can from the service on the shared cores.
 */
async function drive(base: string, sql: Sql, pss: boolean, next: (i: number) => Req | undefined): Promise<Omit<Result, 'op' | 'kind' | 'variant'>> {
  const signed: Signed[] = [];
  for (let i = 0; i < count; i++) {
    const r = next(i);
    if (!r) break;
    signed.push(sign(base, r));
  }
  if (pss) await sql`select pg_stat_statements_reset()`;
  const ms: number[] = [];
  let non2xx = 0, ok = 0, sent = 0, firstError: string | undefined, lastOk = '';
  const from = Date.now();
  const cpuBefore = process.cpuUsage();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const started = performance.now();
  const until = started + maxSeconds * 1000;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (sent < signed.length && performance.now() < until) {
      const s = signed[sent++]!;
      const t = performance.now();
      const res = await deliver(s);
      ms.push(performance.now() - t);
      if (res.status < 200 || res.status > 299) {
        non2xx++;
        firstError ??= `${res.status} ${res.text.slice(0, 160)}`;
      } else {
        ok++;
        lastOk = res.text;
      }
    }
  }));
  const wall = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  loop.disable();
  const ran = await statements(sql, pss);
  const perRequest = (n: number | undefined) => n === undefined ? undefined : n / Math.max(1, ms.length);
  const data = ok > 0 ? parsed(lastOk)?.data : [];
  return {
    from, to: Date.now(), perSecond: ms.length / wall, p50: quantile(ms, 0.5), p99: quantile(ms, 0.99), sent: ms.length,
    rows: Array.isArray(data) ? data.length : 1, generatorMicros: perRequest(cpu.user + cpu.system)!, generatorLoopMax: loop.max / 1e6,
    statements: perRequest(ran?.calls), walBytes: perRequest(ran?.walBytes), non2xx, firstError,
  };
}

/**
 * The volume run's database: migrated, with pg_stat_statements where it could be preloaded (else
 * statements per request are n/a), and a folder of the run's own for the service's files.
 */
export interface VolumeDatabase {
  sql: Sql;
  /** What the service connects to. */
  url: string;
  dir: string;
  pss: boolean;
  /** The server's TCP port or unix socket path, whose writes the round-trip probe counts. */
  postgres: string;
  /** Plain Postgres's data directory, whose log names slow plans, checkpoints and autovacuum runs. */
  dataDir?: string;
}

/** A private embedded Postgres with pg_stat_statements and auto_explain preloaded, migrated. */
export async function plainVolumeDatabase(onExit: (undo: () => Promise<unknown>) => void): Promise<VolumeDatabase> {
  const { dir, embedded } = await privatePostgres('partner-bench-volume-', onExit);
  let sql = createPool(embedded.socketUrl, 8);
  onExit(() => sql.end({ timeout: 5 })); // the pool of the moment: the restart below replaces it
  // pg_stat_statements and auto_explain need a preload and so a restart.
  let pss = false;
  try {
    await sql`alter system set shared_preload_libraries = 'pg_stat_statements', 'auto_explain'`;
    await sql.end({ timeout: 5 });
    await embedded.stop();
    await embedded.start();
    sql = createPool(embedded.socketUrl, 8);
    await sql`create extension if not exists pg_stat_statements`;
    await logSlowStatements(sql);
    pss = true;
  } catch (error) {
    console.log(`pg_stat_statements or auto_explain unavailable (${(error as Error).message}): statements per request and slow plans are n/a`);
    sql = createPool(embedded.socketUrl, 8);
  }
  await migrate(sql);
  return { sql, url: embedded.socketUrl, dir, pss, postgres: socketOf(embedded.socketUrl)?.path ?? new URL(embedded.url).port, dataDir: embedded.dataDir };
}

/** `onExit` registers each undo with run.ts, so a signal or the watchdog does not leave Postgres running either. */
export async function benchVolume(onExit: (undo: () => Promise<unknown>) => void): Promise<number> {
  await volumeRun(await plainVolumeDatabase(onExit), onExit);
  return 0;
}

/** The seeded set and the key its credentials are sealed with. */
export interface Seeded { key: Buffer; set: SeedSet }

/**
 * Every operation against the seeded set in `db` (seeded here unless `seeded` says it already
 * holds one), printed as it runs and as a table: the rows, and the set.
 */
export async function volumeRun(db: VolumeDatabase, onExit: (undo: () => Promise<unknown>) => void, seeded?: Seeded): Promise<{ results: Result[]; seeded: Seeded }> {
  console.log(`machine: ${os.cpus().length} CPU(s), node ${process.version}; ${new Date().toISOString()}; scale ${scale}`);
  const { sql, dir, pss } = db;
  const key = seeded?.key ?? randomBytes(32);
  const t0 = performance.now();
  const set = seeded?.set ?? await seed(sql, key, scale);
  if (!seeded) console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${JSON.stringify(set.counts)}`);
  await sql`vacuum analyze`;
  await sql`checkpoint`;
  const hmac = (c: { key_id: string; secret?: string | null }): SigningKey => ({ keyId: c.key_id, algorithm: 'hmac-sha256', secret: c.secret! });
  const fed: Caller = { id: set.federation.id, kind: 'federation', key: hmac(set.federation.credential) };
  const club: Caller = { id: set.clubs[0]!.id, kind: 'club', key: hmac(set.clubs[0]!.credential) };
  const ids = await seededIds(sql, fed.id, club.id);
  // The service's event loop: its largest delay per 250 ms, from a preloaded monitor (event-loop.ts).
  const loopFile = path.join(dir, 'event-loop.txt');
  process.env.BENCH_EVENT_LOOP_FILE = loopFile;
  // Its full collections, from the same probe.
  const gcFile = path.join(dir, 'full-gcs.txt');
  process.env.BENCH_GC_FILE = gcFile;
  // Its round trips to Postgres: a count of its writes to it, read on a signal (round-trips.ts).
  const tripsFile = path.join(dir, 'round-trips.txt');
  process.env.BENCH_ROUND_TRIPS_FILE = tripsFile;
  process.env.BENCH_POSTGRES = db.postgres;
  const nodeOptions = process.env.BENCH_NODE_OPTIONS;
  preload('event-loop.js', 'round-trips.js');
  const service = await startService(root, db.url, key.toString('base64'), path.join(dir, 'service'));
  if (nodeOptions === undefined) delete process.env.BENCH_NODE_OPTIONS;
  else process.env.BENCH_NODE_OPTIONS = nodeOptions; // a second run preloads them once again
  const healthyAt = Date.now();
  onExit(service.stop);
  const svc = serviceAt(service.base, sql, key);
  resetPeak(service.pid);
  /** A write's request on a fresh row of a fresh tenant, made by the factories. */
  const fresh = async (op: Operation): Promise<Req> => {
    const s = await successScenario(svc, op);
    return { method: op.method, path: s.path, body: s.body, key: s.as.key };
  };

  const results: Result[] = [];
  const notDriven: string[] = [];
  // The service's peak resident memory per variant: the kernel's high-water mark, reset before
  // each; the run's peak folds in the marks between variants (the writes' preparation) as well.
  let runPeakMiB = 0;
  const peakMiB = () => {
    const mib = peakRss(service.pid) / 2 ** 20;
    runPeakMiB = Math.max(runPeakMiB, mib);
    return mib;
  };
  /** The service's round trips to Postgres so far: it appends the count to tripsFile on SIGUSR2. */
  const roundTrips = async (): Promise<number> => {
    const lines = async () => (await readFile(tripsFile, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    const before = (await lines()).length;
    process.kill(service.pid, 'SIGUSR2');
    for (let waited = 0; waited < 2000; waited += 5) {
      const now = await lines();
      if (now.length > before) return Number(now.at(-1));
      await sleep(5);
    }
    throw new Error('the service did not report its round trips');
  };
  // A variant's first requests are its cold start, sent before its clock: V8 compiling its path,
  // the pooled connections preparing its statements (the first variant: opening them). A serving
  // instance pays that once; measured with it, the first write of the table (club.activities.cancel)
  // had a p99 of 228-349 ms against a p50 of 42-51 ms.
  const measured = async (next: (i: number) => Req | undefined, warmUp = next) => {
    if (warmCount > 0) await drive(service.base, sql, false, (i) => (i < warmCount ? warmUp(i) : undefined));
    peakMiB();
    resetPeak(service.pid);
    const tripsBefore = await roundTrips();
    const cpuBefore = cpuSeconds(service.pid);
    const r = await drive(service.base, sql, pss, next);
    const serviceMicros = ((cpuSeconds(service.pid) - cpuBefore) * 1e6) / Math.max(1, r.sent);
    return { ...r, serviceMicros, roundTrips: ((await roundTrips()) - tripsBefore) / Math.max(1, r.sent), rssMiB: peakMiB() };
  };
  const row = (op: Operation, variant: string, r: Omit<Result, 'op' | 'kind' | 'variant'>) => {
    const res: Result = { op: op.id, kind: op.method === 'GET' ? 'read' : 'write', variant, ...r };
    results.push(res);
    const clock = (ms: number) => new Date(ms).toISOString().slice(11, 23);
    console.log(`  ${clock(r.from)}–${clock(r.to)} ${op.id} ${variant}: p50 ${r.p50.toFixed(1)} p99 ${r.p99.toFixed(1)} ms, ${r.sent} sent, ${r.non2xx} non-2xx${r.firstError ? ` (${r.firstError})` : ''}`);
  };
  for (const op of operations.filter((o) => !only || only.includes(o.id))) {
    try {
      if (op.method === 'GET') {
        const as = op.kind === 'federation' ? fed : club;
        for (const v_ of await readVariants((r) => send(service.base, r), op, as.key, as === fed ? ids.fed : ids.club, svc)) {
          if ('skip' in v_) { notDriven.push(`${op.id} ${v_.variant}: ${v_.skip}`); continue; }
          row(op, v_.variant, await measured(() => v_.req));
        }
        continue;
      }
      // Writes: fresh rows per request from the factories, made before the clock starts.
      const reqs: Req[] = [];
      const until = performance.now() + 10_000;
      while (reqs.length < writeCount + warmCount && performance.now() < until) reqs.push(await fresh(op));
      const cold = Math.min(warmCount, reqs.length >> 1);
      row(op, `fresh tenant, fresh row each (${reqs.length - cold} prepared)`, await measured((i) => reqs[cold + i], (i) => reqs[i]));
      if (op.id === 'club.members.create') {
        const body = (v.getExamples(op.body!) as unknown[])[0];
        row(op, 'in the big club', await measured(() => ({ method: 'POST', path: op.path, body, key: club.key })));
      }
    } catch (error) {
      notDriven.push(`${op.id}: ${(error as Error).message.split('\n')[0]}`);
    }
  }

  // The fixtures targets, one request at a time.
  const fixtures: string[] = [];
  const fixtureWindows: Array<[string, number, number]> = [];
  let offset = 0;
  for (const [entries, times, target] of [[20, 5, 300], [64, 3, 2000]] as const) {
    const ms: number[] = [];
    const statuses: number[] = [];
    const from = Date.now();
    for (let i = 0; i < times; i++) {
      const id = await fixturesCompetition(sql, fed.id, entries, offset);
      offset += entries;
      const t = performance.now();
      const r = await send(service.base, { method: 'POST', path: `/v1/federation/competitions/${id}/fixtures`, body: { first_round_on: '2026-09-05', days_between_rounds: 7, kickoff_time: '15:00' }, key: fed.key });
      ms.push(performance.now() - t);
      statuses.push(r.status);
      if (r.status >= 300) console.log(`  fixtures ${entries}: ${r.status} ${JSON.stringify(r.json).slice(0, 200)}`);
    }
    fixtureWindows.push([`fixtures, ${entries} entries`, from, Date.now()]);
    const worst = Math.max(...ms);
    fixtures.push(`fixtures, ${entries} entries, 2 legs: ${ms.map((x) => x.toFixed(0)).join(', ')} ms (statuses ${statuses.join(', ')}); slowest ${worst.toFixed(0)} ms against ≤ ${target} ms: ${worst <= target && statuses.every((s) => s < 300) ? 'met' : 'MISSED'}`);
  }

  const loop = await probeLines(loopFile);
  // A window's samples: each line covers the 250 ms before it.
  const inWindow = (t: number, from: number, to: number) => t > from && t <= to + 250;
  const loopMaxIn = (from: number, to: number) => Math.max(-1, ...loop.filter(([t]) => inWindow(t, from, to)).map(([, d]) => d));
  for (const r of results) r.loopMax = loopMaxIn(r.from, r.to);
  const fullGcs = (await probeLines(gcFile)).map(([t]) => t);
  for (const r of results) r.fullGcs = fullGcs.filter((t) => t >= r.from && t <= r.to).length;
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  console.log(`\nvolume run, scale ${scale}, concurrency ${concurrency}, up to ${count} requests or ${maxSeconds} s per variant (writes: up to ${writeCount} rows prepared in at most 10 s):`);
  console.log(line(['operation', 'variant', 'p50 ms', 'p99 ms', 'requests', 'req/s', 'rows', 'statements/request', 'round trips/request', 'WAL bytes/request', 'service CPU µs/request', 'generator CPU µs/request', 'non-2xx', 'event loop max ms', 'full GCs', 'peak RSS MiB']));
  console.log(line(['---', '---', ...Array<string>(14).fill('---:')]));
  const perRequest = (n: number | undefined, digits: number) => n === undefined ? 'n/a' : n.toFixed(digits);
  for (const r of results) console.log(line([r.op, r.variant, r.p50.toFixed(1), r.p99.toFixed(1), String(r.sent), r.perSecond.toFixed(0), String(r.rows), perRequest(r.statements, 1), perRequest(r.roundTrips, 1), perRequest(r.walBytes, 0), perRequest(r.serviceMicros, 0), r.generatorMicros.toFixed(0), String(r.non2xx), r.loopMax! < 0 ? 'n/a' : r.loopMax!.toFixed(0), String(r.fullGcs), r.rssMiB?.toFixed(0) ?? 'n/a']));
  const driven = new Set(results.map((r) => r.op));
  const misses = results.filter((r) => r.p99 > (r.kind === 'read' ? 25 : 50));
  const failing = results.filter((r) => r.non2xx > 0);
  console.log(`\n${driven.size} of ${operations.length} operations driven, ${results.length} variants; read p99 ${range(results.filter((r) => r.kind === 'read'))}, write p99 ${range(results.filter((r) => r.kind === 'write'))}`);
  const median = (xs: number[]) => quantile(xs, 0.5).toFixed(0);
  console.log(`CPU per request, median over the variants: service ${median(results.map((r) => r.serviceMicros!))} µs, this load generator ${median(results.map((r) => r.generatorMicros))} µs (it shares the cores); the generator's event loop delay at most ${Math.max(...results.map((r) => r.generatorLoopMax)).toFixed(0)} ms`);
  console.log(`misses (read p99 > 25 ms, write p99 > 50 ms): ${misses.length === 0 ? 'none' : ''}\n${misses.map((r) => `  ${r.op} ${r.variant}: p99 ${r.p99.toFixed(1)} ms`).join('\n')}`);
  const byGc = (kind: Result['kind']) => [true, false].map((had) => {
    const rs = results.filter((r) => r.kind === kind && (r.fullGcs! > 0) === had);
    return `${rs.length} ${had ? 'with' : 'without'} (median p99 ${rs.length ? quantile(rs.map((r) => r.p99), 0.5).toFixed(1) : 'n/a'} ms)`;
  }).join(', ');
  console.log(`variants with a full collection in their window: reads ${byGc('read')}; writes ${byGc('write')}`);
  console.log(`variants with non-2xx answers:\n${failing.map((r) => `  ${r.op} ${r.variant}: ${r.non2xx} of ${r.sent} (${r.firstError})`).join('\n') || '  none'}`);
  console.log(`${fixtures.join('\n')}`);
  for (const [label, from, to] of fixtureWindows) console.log(`  event loop max delay while scheduling ${label}: ${loopMaxIn(from, to)} ms (setup SQL between requests included)`);
  console.log(`not driven:\n${[...notDriven, ...operations.filter((o) => !driven.has(o.id)).map((o) => `${o.id}: no variant ran`)].map((s) => '  ' + s).join('\n') || '  none'}`);
  console.log(`service peak RSS over the run: ${Math.max(runPeakMiB, peakMiB()).toFixed(0)} MiB (the variants' own in the table); event loop max delay over the measured requests: ${Math.max(-1, ...results.map((r) => r.loopMax!), ...fixtureWindows.map(([, from, to]) => loopMaxIn(from, to))).toFixed(0)} ms`
    + ` (over the whole run, start-up and the bench's preparation included: ${loop.length ? Math.max(...loop.map(([, d]) => d)).toFixed(0) + ' ms' : 'n/a'})`
    + `; variants with an event loop delay above 20 ms: ${results.filter((r) => r.loopMax! > 20).map((r) => `${r.op} ${r.variant} (${r.loopMax!.toFixed(0)} ms)`).join(', ') || 'none'}`);
  // The rest of the run, named by what the service was doing: starting (before it answered
  // /health), the warm-up, a write variant's preparation (the factories' own requests to it), or
  // the fixtures' setup.
  const measuredWindows: [label: string, from: number, to: number][] = [...results.map((r): [string, number, number] => [`${r.op} ${r.variant}`, r.from, r.to]), ...fixtureWindows];
  const before = (t: number) => {
    if (t <= healthyAt) return 'in start-up, before /health answered';
    const next = results.find((r) => r.from >= t);
    return next ? `before ${next.op} ${next.variant}` : 'after the variants';
  };
  const outside = loop.filter(([t, d]) => d > 20 && !measuredWindows.some(([, from, to]) => inWindow(t, from, to)));
  console.log(`event loop delays above 20 ms between the measured requests: ${outside.map(([t, d]) => `${d.toFixed(0)} ms ${before(t)}`).join('; ') || 'none'}`);
  // The database's side of the same windows (server-log.ts).
  const events = (db.dataDir ? await serverEvents(db.dataDir, healthyAt) : []).map((e) => {
    const window = measuredWindows.find(([, from, to]) => e.at >= from && e.at <= to);
    return `  ${new Date(e.at).toISOString().slice(11, 23)} ${window?.[0] ?? 'between the measured requests'}: ${e.what}`;
  });
  console.log(`Postgres, once the service answered: statements slower than ${slowMs} ms (auto_explain), checkpoints, autovacuum:\n${db.dataDir ? events.join('\n') || '  none' : '  n/a (not read on this engine)'}`);
  return { results, seeded: { key, set } };
}

function range(rs: Result[]): string {
  if (rs.length === 0) return 'n/a';
  const ps = rs.map((r) => r.p99);
  return `${Math.min(...ps).toFixed(1)}-${Math.max(...ps).toFixed(1)} ms`;
}

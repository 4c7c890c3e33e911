// `BENCH_CITUS=1 npm run bench`: the service on plain Postgres and on Citus (a coordinator and two
// workers, test/support/citus.ts) in one run, one engine at a time on the shared cores:
// - the volume run (volume.ts) on one seeded set: seeded into plain Postgres, run there, then
//   copied table by table into the Citus database (so both engines serve the same rows), run there;
//   pg_stat_statements on plain Postgres and on the coordinator count the statements;
// - the signed hot path (GET /v1/me, hmac, autocannon at 32 connections; BENCH_SECONDS measured
//   after 2 s of warm-up): req/s, p50/p99, and the CPU per answered request of the service and of
//   each Postgres node (its postmaster and children from /proc, reaped children included).
// Ends with the two engines side by side. The BENCH_VOLUME_* variables apply.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { run, serverUser } from '../../src/db/embedded-home.js';
import { coordinatorTables } from '../../src/db/distribute.js';
import { migrate } from '../../src/db/migrate.js';
import { createPool, type Sql } from '../../src/db/pool.js';
import { pgBin, startCitus } from '../support/citus.js';
import { startLoad } from './load.js';
import { clusterCpuSeconds, cpuSeconds } from './machine.js';
import { presign } from './presign.js';
import { startService } from './processes.js';
import { createClub } from './setup.js';
import { plainVolumeDatabase, volumeRun, type Result, type VolumeDatabase } from './volume.js';

type OnExit = (undo: () => Promise<unknown>) => void;
const root = path.resolve(import.meta.dirname, '../../..');
const seconds = Number(process.env.BENCH_SECONDS || 8);
const warmupSeconds = 2;
const connections = 32;

/** Undos registered with run.ts as well, and run now by `close` (a phase's service and servers). */
function scope(onExit: OnExit): { onExit: OnExit; close(): Promise<void> } {
  const undos: Array<() => Promise<unknown>> = [];
  const once = (undo: () => Promise<unknown>) => {
    let done = false;
    return () => (done ? Promise.resolve() : ((done = true), undo()));
  };
  return {
    onExit: (undo) => {
      const u = once(undo);
      undos.push(u);
      onExit(u);
    },
    async close() {
      for (const undo of undos.splice(0).reverse()) await undo().catch((e: Error) => console.error('cleanup:', e.message));
    },
  };
}

interface Node { name: string; dataDir: string }
interface HotPath { engine: string; perSecond: number; p50: number; p99: number; ok: number; errors: Record<string, number>; service: number; nodes: { name: string; micros: number }[] }

/**
 * GET /v1/me signed with hmac at concurrency 32, as a new club (`key`: the database's secret key):
 * throughput, latency and CPU per answered request.
 */
async function hotPath(engine: string, url: string, sql: Sql, key: Buffer, nodes: Node[]): Promise<HotPath> {
  const club = await createClub(sql, key, `Hot path ${engine}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'partner-bench-hot-'));
  const service = await startService(root, url, key.toString('base64'), dir);
  try {
    const templates = [{ method: 'GET' as const, path: '/v1/me' }];
    const source = { shots: await presign(service.base, club.hmac, templates, 4000 * (warmupSeconds + seconds)), cycle: false, late: { base: service.base, key: club.hmac, templates } };
    const load = startLoad(service.base, source, connections);
    try {
      await load.warm(warmupSeconds);
      const cpu = () => ({ service: cpuSeconds(service.pid), nodes: nodes.map((n) => clusterCpuSeconds(n.dataDir)) });
      const before = cpu();
      const result = await load.measure(seconds);
      const after = cpu();
      const per = (used: number) => (used * 1e6) / Math.max(1, result.ok);
      return {
        engine, perSecond: result.perSecond, p50: result.p50, p99: result.p99, ok: result.ok, errors: result.errors,
        service: per(after.service - before.service),
        nodes: nodes.map((n, i) => ({ name: n.name, micros: per(after.nodes[i]! - before.nodes[i]!) })),
      };
    } finally {
      await load.stop();
    }
  } finally {
    await service.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The data directory of the server at `url`. */
async function dataDirectory(url: string): Promise<string> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ data_directory: string }[]>`show data_directory`;
    return row!.data_directory;
  } finally {
    await sql.end();
  }
}

/**
 * A Citus cluster with pg_stat_statements preloaded on the coordinator (so a restart of it), and a
 * migrated database on it.
 */
async function citusVolumeDatabase(onExit: OnExit): Promise<VolumeDatabase & { nodes: Node[] }> {
  const cluster = await startCitus();
  onExit(() => cluster.stop());
  const [coordinator] = cluster.nodeUrls;
  const dataDir = await dataDirectory(coordinator!);
  const admin = postgres(coordinator!, { max: 1, onnotice: () => {} });
  await admin`alter system set shared_preload_libraries = 'citus', 'pg_stat_statements'`;
  await admin.end();
  const user = await serverUser();
  const home = path.dirname(dataDir);
  await run(`${pgBin}/pg_ctl`, ['-D', dataDir, '-l', path.join(home, 'coordinator.log'), '-w', '-m', 'fast', 'restart'],
    { ...(user ? { uid: user.uid, gid: user.gid } : {}), cwd: '/', env: { ...process.env, HOME: home } });
  const url = await cluster.database('partner_bench');
  const sql = createPool(url, 8);
  onExit(() => sql.end({ timeout: 5 }));
  await sql`create extension if not exists pg_stat_statements`;
  await migrate(sql);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'partner-bench-citus-'));
  onExit(() => rm(dir, { recursive: true, force: true }));
  const nodes = await Promise.all(cluster.nodeUrls.map(async (u, i) => ({ name: ['coordinator', 'worker 1', 'worker 2'][i]!, dataDir: await dataDirectory(u) })));
  return { sql, url, dir, pss: true, postgres: new URL(url).port, nodes };
}

/** `psql` on `url` running `command`, its standard input and output as given. */
function psql(url: string, command: string, stdio: StdioOptions): ChildProcess {
  return spawn(`${pgBin}/psql`, [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', command], { stdio });
}

const exited = (child: ChildProcess, what: string) => new Promise<void>((resolve, reject) => {
  child.once('error', reject);
  child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what}: psql exited with ${code}`))));
});

/**
 * Every row of `fromUrl`'s tables into the same tables of `toUrl`, parents before children
 * (foreign keys), then the sequences: the Citus run serves the rows the plain run served. The
 * coordinator's own bookkeeping (nonces, rate windows, migrations) stays as migrate made it. Each
 * table is one `COPY … TO STDOUT` piped into one `COPY … FROM STDIN`, by two psql processes.
 */
async function copyRows(from: Sql, fromUrl: string, to: Sql, toUrl: string): Promise<number> {
  const tables = (await from<{ name: string }[]>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'`).map((r) => r.name).filter((name) => !coordinatorTables.includes(name));
  const parents = await from<{ child: string; parent: string }[]>`
    select conrelid::regclass::text as child, confrelid::regclass::text as parent from pg_constraint
    where contype = 'f' and connamespace = 'public'::regnamespace and conrelid <> confrelid`;
  const ordered: string[] = [];
  const visit = (table: string, path: string[] = []) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const p of parents.filter((f) => f.child === table)) visit(p.parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  let rows = 0;
  for (const table of ordered) {
    const [{ n }] = await from<[{ n: number }]>`select count(*)::int as n from ${from(table)}`;
    if (!n) continue;
    const out = psql(fromUrl, `copy "${table}" to stdout`, ['ignore', 'pipe', 'inherit']);
    const into = psql(toUrl, `copy "${table}" from stdin`, [out.stdout!, 'ignore', 'inherit']);
    await Promise.all([exited(out, `copy ${table} out`), exited(into, `copy ${table} in`)]);
    rows += n;
  }
  const sequences = await from<{ name: string; value: string }[]>`
    select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' and last_value is not null`;
  for (const s of sequences) await to`select setval(${s.name}, ${s.value})`;
  return rows;
}

const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
const ms = (x: number | undefined) => (x === undefined ? 'n/a' : x.toFixed(1));

function hotPathTable(rows: HotPath[]): string {
  const nodes = [...new Set(rows.flatMap((r) => r.nodes.map((n) => n.name)))];
  return [
    line(['engine', 'req/s', 'p50 ms', 'p99 ms', 'answered', 'non-2xx', 'service CPU µs/req', ...nodes.map((n) => `${n} CPU µs/req`), 'all Postgres µs/req']),
    line(['---', ...Array<string>(7 + nodes.length).fill('---:')]),
    ...rows.map((r) => line([r.engine, r.perSecond.toFixed(0), r.p50.toFixed(2), r.p99.toFixed(2), String(r.ok), JSON.stringify(r.errors),
      r.service.toFixed(1), ...nodes.map((n) => r.nodes.find((x) => x.name === n)?.micros.toFixed(1) ?? '—'), r.nodes.reduce((s, n) => s + n.micros, 0).toFixed(1)])),
  ].join('\n');
}

function volumeTable(plain: Result[], citus: Result[]): string {
  // A seeded id in a variant (after=, member_id=) is picked from the rows of the moment, which the
  // plain run's writes moved on: the same variant by name.
  const keyOf = (r: Result) => `${r.op} ${r.variant.replace(/=\d+$/, '=…')}`;
  const byKey = new Map(citus.map((r) => [keyOf(r), r]));
  const stmts = (r: Result | undefined) => (r?.statements === undefined ? 'n/a' : r.statements.toFixed(1));
  const keys = [...new Set([...plain.map(keyOf), ...citus.map(keyOf)])];
  const plainBy = new Map(plain.map((r) => [keyOf(r), r]));
  return [
    line(['operation', 'variant', 'plain p50 ms', 'plain p99 ms', 'plain statements/req', 'plain service µs/req', 'Citus p50 ms', 'Citus p99 ms', 'Citus statements/req', 'Citus service µs/req', 'Citus non-2xx']),
    line(['---', '---', ...Array<string>(9).fill('---:')]),
    ...keys.map((k) => {
      const p = plainBy.get(k);
      const c = byKey.get(k);
      const any = (p ?? c)!;
      return line([any.op, any.variant, ms(p?.p50), ms(p?.p99), stmts(p), p?.serviceMicros?.toFixed(0) ?? 'n/a', ms(c?.p50), ms(c?.p99), stmts(c), c?.serviceMicros?.toFixed(0) ?? 'n/a',
        c ? `${c.non2xx}${c.firstError ? ` (${c.firstError.slice(0, 60).replaceAll('|', '/')})` : ''}` : 'not driven']);
    }),
  ].join('\n');
}

export async function benchCitus(onExit: OnExit): Promise<number> {
  console.log(`Citus mode: plain Postgres, then Citus 13 on a coordinator and two workers, one at a time; ${os.cpus().length} CPU(s) shared by the generator, the service and every node`);
  console.log(`1-minute load average at start: ${os.loadavg()[0]!.toFixed(2)} (other work on the machine skews every figure)`);
  const hot: HotPath[] = [];

  const plainDb = scope(onExit);
  const plain = await plainVolumeDatabase(plainDb.onExit);
  const plainRun = scope(onExit);
  console.log('\n== volume run on plain Postgres');
  const first = await volumeRun(plain, plainRun.onExit);
  await plainRun.close();
  console.log('\n== hot path on plain Postgres');
  hot.push(await hotPath('plain Postgres', plain.url, plain.sql, first.seeded.key, [{ name: 'Postgres', dataDir: plain.dataDir! }]));

  console.log('\n== starting Citus, copying the rows into it');
  const citus = await citusVolumeDatabase(onExit);
  const t0 = performance.now();
  const copied = await copyRows(plain.sql, plain.url, citus.sql, citus.url);
  console.log(`copied ${copied} rows into the Citus database in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await plainDb.close();
  console.log('\n== hot path on Citus');
  hot.push(await hotPath('Citus', citus.url, citus.sql, first.seeded.key, citus.nodes));
  console.log('\n== volume run on Citus');
  const second = await volumeRun(citus, onExit, first.seeded);

  console.log(`\nsigned hot path, GET /v1/me hmac, ${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s measured, CPU per answered request from /proc:\n${hotPathTable(hot)}`);
  console.log(`\nvolume run, plain Postgres and Citus on the same rows:\n${volumeTable(first.results, second.results)}`);
  console.log(`\n1-minute load average at end: ${os.loadavg()[0]!.toFixed(2)}`);
  return 0;
}

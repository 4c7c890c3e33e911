// `npm test`: a real Postgres (DATABASE_URL, or a private embedded one under .data/test), a fresh
// database for the run, then every test file (tap tests, test/support/run-files.ts runs them) with
// c8 measuring coverage. The files under test/citus/ run apart, in the Citus lane: on a
// throw-away coordinator and two workers (test/support/citus.ts) with TEST_ENGINE=citus.
// Arguments: a subset of the compiled files to run, without coverage.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { embeddedServer } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';
import { freePort } from './cluster.js';
import { startCitus } from './citus.js';
import { runFiles, totals, type FileResult } from './run-files.js';

const root = path.resolve(import.meta.dirname, '../../..');

const inCitusLane = (file: string) => file.startsWith(path.join('dist', 'test', 'citus') + path.sep);

async function migrated(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrate(sql);
  } finally {
    await sql.end();
  }
}

interface Servers {
  /** The run's migrated database on the embedded server (or DATABASE_URL's), when plain files run. */
  url?: string;
  embedded: boolean;
  /** The run's migrated database on the Citus coordinator, and every node's URL. */
  citus?: { url: string; nodeUrls: string[] };
  stop(): Promise<void>;
}

/** Each run has its own throw-away servers, so runs never share (or stop) each other's. */
async function startServers(plain: boolean, withCitus: boolean): Promise<Servers> {
  const clusterDir = await mkdtemp(path.join(os.tmpdir(), 'partner-test-'));
  await chmod(clusterDir, 0o755); // the unprivileged server user must reach its data folder
  const embedded = process.env.DATABASE_URL || !plain ? undefined : await embeddedServer(clusterDir, await freePort());
  const database = `partner_test_${process.pid}`;
  const adminUrl = plain ? process.env.DATABASE_URL ?? embedded?.url : undefined;
  const admin = adminUrl ? postgres(adminUrl, { max: 1, onnotice: () => {} }) : undefined;
  const [embeddedStart, citusStart] = await Promise.allSettled([embedded?.start(), withCitus ? startCitus() : undefined]);
  const citus = citusStart.status === 'fulfilled' ? citusStart.value : undefined;
  const stop = async () => {
    await admin?.unsafe(`drop database if exists ${database} with (force)`).catch(() => {});
    await admin?.end();
    await Promise.all([embedded?.stop(), citus?.stop()]);
    await rm(clusterDir, { recursive: true, force: true });
  };
  try {
    for (const start of [embeddedStart, citusStart]) if (start.status === 'rejected') throw start.reason;
    await admin?.unsafe(`create database ${database}`);
    const url = adminUrl ? new URL(adminUrl) : undefined;
    if (url) url.pathname = '/' + database;
    const citusUrl = await citus?.database(database);
    await Promise.all([url && migrated(url.toString()), citusUrl && migrated(citusUrl)]);
    return { url: url?.toString(), embedded: Boolean(embedded), citus: citus && { url: citusUrl!, nodeUrls: citus.nodeUrls }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).map((f) => path.relative(root, path.resolve(f)));
  // The compiled files of tests whose source still exists: an incremental build leaves the
  // output of a deleted or renamed test behind in dist/.
  const all = (await readdir(path.join(root, 'test'), { recursive: true }))
    .filter((f) => f.endsWith('.test.ts')).sort().map((f) => path.join('dist', 'test', f.replace(/\.ts$/, '.js')));
  const files = args.length ? args : all;
  const plainFiles = files.filter((f) => !inCitusLane(f));
  const citusFiles = files.filter(inCitusLane);
  const servers = await startServers(plainFiles.length > 0, citusFiles.length > 0);
  try {
    return await runLanes(plainFiles, citusFiles, servers, args.length > 0);
  } finally {
    await servers.stop();
  }
}

async function runLanes(plainFiles: string[], citusFiles: string[], servers: Servers, subset: boolean): Promise<number> {
  // Coverage is c8's, from what V8 writes for every process of the run (both lanes); a subset skips it.
  const coverage = path.join(root, 'coverage');
  await rm(coverage, { recursive: true, force: true });
  const env = {
    ...process.env,
    TEST_DATABASE_URL: servers.url ?? '',
    TEST_EMBEDDED_BIN: servers.embedded ? '1' : '',
    PARTNER_SECRET_KEY: randomBytes(32).toString('base64'),
    ...(subset ? {} : { NODE_V8_COVERAGE: path.join(coverage, 'tmp') }),
  };
  const started = performance.now();
  // Three lanes on two cores: many files wait on Postgres, a timer or a child process for much of
  // their time, and a third lane keeps the cores busy meanwhile (src/README.md, "Running the tests").
  const options = { cwd: root, jobs: Number(process.env.TEST_JOBS || 3), timeoutS: 300 };
  const results: FileResult[] = plainFiles.length ? await runFiles(plainFiles, { ...options, env }) : [];
  if (servers.citus) {
    console.log('# the Citus lane: a coordinator and two workers');
    // The nodes' URLs: a test that needs a database of its own creates it on every node.
    const citusEnv = { ...env, TEST_DATABASE_URL: servers.citus.url, TEST_ENGINE: 'citus', TEST_CITUS_NODES: servers.citus.nodeUrls.join(' ') };
    results.push(...await runFiles(citusFiles, { ...options, env: citusEnv }));
  }
  const failed = results.filter((r) => !r.ok).map((r) => r.file);
  const sum = totals(results);
  console.log(`# ${results.length} files in ${((performance.now() - started) / 1000).toFixed(0)} s; ${Object.entries(sum).map(([k, n]) => `${k} ${n}`).join(', ')}`);

  // The per-file figures go to coverage/coverage-final.json, so that what a CI log keeps, its end,
  // is the summary and the failed files.
  const covered = subset ? 0 : await new Promise<number>((resolve) => {
    spawn('npx', [
      'c8', 'report', '--check-coverage', '--lines', '95', '--reporter', 'text-summary', '--reporter', 'json',
      '--include', 'dist/src/**', '--exclude', 'dist/src/db/embedded.js',
    ], { cwd: root, stdio: 'inherit' }).on('close', (exitCode) => resolve(exitCode ?? 1));
  });
  if (failed.length) console.log(`\n# ${failed.length} test file(s) failed:\n${failed.map((f) => `#   ${f}`).join('\n')}`);
  return failed.length || covered ? 1 : 0;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error);
  process.exit(1);
});

// `npm test`: a real Postgres (DATABASE_URL, or a private embedded one under .data/test), a fresh
// database for the run, then every test file (tap tests, test/support/run-files.ts runs them) with
// c8 measuring coverage. Arguments: a subset of the compiled files to run, without coverage.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { embeddedServer } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';
import { freePort } from './cluster.js';
import { runFiles, totals } from './run-files.js';

const root = path.resolve(import.meta.dirname, '../../..');

async function main(): Promise<number> {
  // Each run has its own throw-away cluster, so runs never share (or stop) each other's server.
  const clusterDir = await mkdtemp(path.join(os.tmpdir(), 'partner-test-'));
  await chmod(clusterDir, 0o755); // the unprivileged server user must reach its data folder
  const embedded = process.env.DATABASE_URL ? undefined : await embeddedServer(clusterDir, await freePort());
  await embedded?.start();
  const adminUrl = process.env.DATABASE_URL ?? embedded!.url;
  const database = `partner_test_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = '/' + database;
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await migrate(sql);
  await sql.end();

  const files = process.argv.slice(2);
  // The compiled files of tests whose source still exists: an incremental build leaves the
  // output of a deleted or renamed test behind in dist/.
  const all = (await readdir(path.join(root, 'test'), { recursive: true }))
    .filter((f) => f.endsWith('.test.ts')).sort().map((f) => path.join('dist', 'test', f.replace(/\.ts$/, '.js')));
  // Coverage is c8's, from what V8 writes for every process of the run; a subset skips it.
  const coverage = path.join(root, 'coverage');
  await rm(coverage, { recursive: true, force: true });
  const env = {
    ...process.env,
    TEST_DATABASE_URL: url.toString(),
    TEST_EMBEDDED_BIN: embedded ? '1' : '',
    PARTNER_SECRET_KEY: randomBytes(32).toString('base64'),
    ...(files.length ? {} : { NODE_V8_COVERAGE: path.join(coverage, 'tmp') }),
  };
  const started = performance.now();
  // Three lanes on two cores: many files wait on Postgres, a timer or a child process for much of
  // their time, and a third lane keeps the cores busy meanwhile (src/README.md, "Running the tests").
  const results = await runFiles(files.length ? files : all, { cwd: root, env, jobs: Number(process.env.TEST_JOBS || 3), timeoutS: 300 });
  const failed = results.filter((r) => !r.ok).map((r) => r.file);
  const sum = totals(results);
  console.log(`# ${results.length} files in ${((performance.now() - started) / 1000).toFixed(0)} s; ${Object.entries(sum).map(([k, n]) => `${k} ${n}`).join(', ')}`);

  // The per-file figures go to coverage/coverage-final.json, so that what a CI log keeps, its end,
  // is the summary and the failed files.
  const covered = files.length ? 0 : await new Promise<number>((resolve) => {
    spawn('npx', [
      'c8', 'report', '--check-coverage', '--lines', '95', '--reporter', 'text-summary', '--reporter', 'json',
      '--include', 'dist/src/**', '--exclude', 'dist/src/db/embedded.js',
    ], { cwd: root, stdio: 'inherit' }).on('close', (exitCode) => resolve(exitCode ?? 1));
  });
  if (failed.length) console.log(`\n# ${failed.length} test file(s) failed:\n${failed.map((f) => `#   ${f}`).join('\n')}`);
  const code = failed.length || covered ? 1 : 0;

  await admin.unsafe(`drop database if exists ${database} with (force)`).catch(() => {});
  await admin.end();
  await embedded?.stop();
  await rm(clusterDir, { recursive: true, force: true });
  return code;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error);
  process.exit(1);
});

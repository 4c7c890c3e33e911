// `npm run bench`: a private embedded Postgres, the service in a child process, then fixed-duration
// closed-loop scenarios at concurrency 32 from a load worker thread, printed as one table.
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { embeddedServer } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';
import { createPool } from '../../src/db/pool.js';
import { runLoad, type KeySpec } from './load.js';
import { freePort, startBare, startService } from './processes.js';
import { summary, table, type Row } from './report.js';
import { createClub, deepCursors, explainList, insertMembers, signedGet } from './setup.js';

const root = path.resolve(import.meta.dirname, '../../..');
const seconds = Number(process.env.BENCH_SECONDS || 10);
const warmupSeconds = 2;
const concurrency = 32;
const memberCount = 100_000;

// Undone in reverse order on every way out: children killed, Postgres stopped, the temp dir removed.
const cleanups: Array<() => Promise<unknown>> = [];
async function cleanup(): Promise<void> {
  for (const undo of cleanups.splice(0).reverse()) await undo().catch((e: Error) => console.error('cleanup:', e.message));
}

async function main(): Promise<number> {
  if (!(seconds > 0)) throw new Error(`BENCH_SECONDS must be a positive number, got "${process.env.BENCH_SECONDS}"`);
  const cpus = os.cpus();
  console.log(`machine: ${cpus.length} CPU(s) ${cpus[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${os.platform()} ${os.release()}`);
  // Other processes on the machine skew every number: say how busy it was.
  console.log(`1-minute load average at start: ${os.loadavg()[0]!.toFixed(2)}`);
  console.log(`load: ${concurrency} keep-alive connections, ${warmupSeconds} s warm-up + ${seconds} s per scenario, closed loop;`
    + ` the load worker, the service and Postgres share these ${cpus.length} CPU(s)\n`);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'partner-bench-'));
  await chmod(dir, 0o755); // the unprivileged server user must reach its data folder
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const embedded = await embeddedServer(dir, await freePort());
  await embedded.start();
  cleanups.push(() => embedded.stop());
  const sql = createPool(embedded.url, 4);
  cleanups.push(() => sql.end({ timeout: 5 }));
  await migrate(sql);

  const secretKey = randomBytes(32);
  const club = await createClub(sql, secretKey);
  const service = await startService(root, embedded.url, secretKey.toString('base64'), path.join(dir, 'service'));
  cleanups.push(service.stop);

  const me = await signedGet(service.base, '/v1/me', club.hmac);
  if (me.status !== 200) throw new Error(`GET /v1/me answered ${me.status}: ${me.text}`);
  const meBody = Buffer.from(me.text, 'utf8');
  console.log(`GET /v1/me answers ${meBody.length} bytes; the bare baseline sends the same bytes`);

  const rows: Row[] = [];
  const scenario = async (name: string, base: string, paths: string[], key?: KeySpec) => {
    console.log(`running ${name} ...`);
    rows.push({ scenario: name, result: await runLoad({ base, paths, key, seconds, warmupSeconds, concurrency }) });
  };

  const bare = await startBare(meBody);
  cleanups.push(bare.stop);
  await scenario('bare', bare.base, ['/v1/me']);
  await bare.stop();
  await scenario('me-hmac', service.base, ['/v1/me'], club.hmac);
  await scenario('me-rsa2', service.base, ['/v1/me'], club.rsa2);

  const list = '/v1/club/members?limit=25';
  const probe = await signedGet(service.base, list, club.hmac);
  if (probe.status === 404) {
    console.log('note: GET /v1/club/members answers 404 (club.members.list not served): members-page skipped');
    rows.push({ scenario: 'members-page', note: 'skipped (404)' });
  } else {
    console.log(`inserting ${memberCount} members ...`);
    await insertMembers(sql, club.id, memberCount);
    const deep = await deepCursors(sql, service.base, club);
    console.log(`members-page: half page 1, half ${deep.how}`);
    for (const [label, after] of [['page 1', undefined], [`deep page (after id ${deep.deepestAfter})`, deep.deepestAfter]] as const) {
      const { source, plan } = await explainList(sql, club.id, after);
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS), ${label}, ${source}:\n${plan.map((l) => '  ' + l).join('\n')}`);
    }
    console.log();
    await scenario('members-page', service.base, [list, ...deep.cursors.map((c) => `${list}&cursor=${c}`)], club.hmac);
  }

  console.log('\n' + table(rows) + '\n');
  for (const { scenario: name, result } of rows) {
    if (result?.firstError) console.log(`first error in ${name}: ${result.firstError}`);
  }
  console.log(summary(rows));
  console.log(`1-minute load average at end: ${os.loadavg()[0]!.toFixed(2)} (${os.cpus().length} CPUs)`);
  return 0;
}

// Never hangs: past the budget everything is torn down and the run fails.
const budgetMs = (240 + 4 * (seconds + warmupSeconds + 20)) * 1000;
const finish = (code: number) => cleanup().finally(() => process.exit(code));
const watchdog = setTimeout(() => {
  console.error(`bench: no result within ${budgetMs / 1000} s, giving up`);
  setTimeout(() => process.exit(1), 30_000).unref();
  void finish(1);
}, budgetMs);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void finish(130));

main().then((code) => {
  clearTimeout(watchdog);
  return finish(code);
}, (error: unknown) => {
  clearTimeout(watchdog);
  console.error('bench setup failed:', error);
  return finish(1);
});

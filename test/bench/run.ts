// `npm run bench`: a private embedded Postgres, the service and two reference servers in child
// processes, then rounds of closed-loop scenarios at concurrency 32 from autocannon, each scenario
// next to the bare baseline of its own round. BENCH_SECONDS, BENCH_ROUNDS, BENCH_ONLY (scenario
// names, comma-separated; the ceiling and bare always run), BENCH_PROFILE=1 (the service's CPU
// profile, what it allocated, and its garbage collections per request from --trace-gc, summarized
// at the end) and BENCH_NODE_OPTIONS (the service's NODE_OPTIONS) adjust a run.
// BENCH_WEBHOOKS=1 runs the webhook bench (webhooks.ts) instead, BENCH_VOLUME=1 the volume run over
// every operation on the seeded national set (volume.ts), BENCH_SOAK=1 the 20-minute soak (soak.ts),
// BENCH_NEIGHBOURS=1 a hostile tenant beside bystanders (neighbours.ts), BENCH_CITUS=1 the volume run
// and the hot path's CPU per request on plain Postgres and on Citus in turn (citus.ts).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../../src/db/migrate.js';
import { createPool } from '../../src/db/pool.js';
import { startLoad } from './load.js';
import { cpuSeconds, peakRss, postgresPids, resetPeak } from './machine.js';
import { heapProfileFile, privatePostgres, startScript, startService } from './processes.js';
import { summarizeAllocation, summarizeProfiles } from './profile.js';
import { ceilingReport, cpuTargets, gcReport, table, targetReport, type Row } from './report.js';
import { rsaVerifyMicros } from './rsa-cost.js';
import { scenarios, type Scenario } from './scenarios.js';
import { createClub, deepCursors, explainList, insertMembers, memberIds, signedGet } from './setup.js';
import { webhookBudgetMs } from './webhooks.js';

const root = path.resolve(import.meta.dirname, '../../..');
const seconds = Number(process.env.BENCH_SECONDS || 8);
const rounds = Number(process.env.BENCH_ROUNDS || 2);
const profile = process.env.BENCH_PROFILE === '1';
const only = process.env.BENCH_ONLY ? ['generator ceiling', 'bare', ...process.env.BENCH_ONLY.split(',')] : undefined;
const warmupSeconds = 2;
const connections = 32;
const memberCount = 100_000;
const webhooks = process.env.BENCH_WEBHOOKS === '1';
const volume = process.env.BENCH_VOLUME === '1';
const soak = process.env.BENCH_SOAK === '1';
const neighbours = process.env.BENCH_NEIGHBOURS === '1';
const citus = process.env.BENCH_CITUS === '1';

// Undone in reverse order on every way out: children stopped, Postgres stopped, the temp dir removed.
const cleanups: Array<() => Promise<unknown>> = [];
async function cleanup(): Promise<void> {
  for (const undo of cleanups.splice(0).reverse()) await undo().catch((e: Error) => console.error('cleanup:', e.message));
}

/** One scenario: sign, warm up, then measure with CPU and peak memory of every process involved. */
async function runScenario(scenario: Scenario, round: number, expected: number, pgData: string): Promise<Row> {
  const source = await scenario.prepare(expected, warmupSeconds + seconds);
  const load = startLoad(scenario.target.base, source, connections);
  try {
    resetPeak(scenario.target.pid);
    await load.warm(warmupSeconds);
    const pgPids = postgresPids(pgData);
    const cpu = () => ({
      server: cpuSeconds(scenario.target.pid),
      postgres: pgPids.map(cpuSeconds),
      generator: cpuSeconds(process.pid), // every thread of this process: the load threads
    });
    const gcBefore = scenario.target.gc && { ...scenario.target.gc };
    const before = cpu();
    const started = performance.now();
    const result = await load.measure(seconds);
    const wall = (performance.now() - started) / 1000;
    const after = cpu();
    // A backend that exits meanwhile reads 0 after: what it used is lost, not subtracted.
    const postgres = after.postgres.reduce((sum, used, i) => sum + Math.max(0, used - before.postgres[i]!), 0);
    const cores = { server: (after.server - before.server) / wall, postgres: postgres / wall, generator: (after.generator - before.generator) / wall };
    const gc = gcBefore && { scavenges: scenario.target.gc!.scavenges - gcBefore.scavenges, markCompacts: scenario.target.gc!.markCompacts - gcBefore.markCompacts };
    return { round, scenario: scenario.name, result, rss: peakRss(scenario.target.pid), cores, wall, gc };
  } finally {
    await load.stop();
  }
}

async function main(): Promise<number> {
  if (citus) return (await import('./citus.js')).benchCitus((undo) => cleanups.push(undo));
  if (webhooks) return (await import('./webhooks.js')).benchWebhooks();
  if (volume) return (await import('./volume.js')).benchVolume((undo) => cleanups.push(undo));
  if (soak) return (await import('./soak.js')).benchSoak((undo) => cleanups.push(undo));
  if (neighbours) return (await import('./neighbours.js')).benchNeighbours((undo) => cleanups.push(undo));
  if (!(seconds > 0) || !(rounds > 0)) throw new Error('BENCH_SECONDS and BENCH_ROUNDS must be positive numbers');
  const cpus = os.cpus();
  console.log(`machine: ${cpus.length} CPU(s) ${cpus[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${os.platform()} ${os.release()}`);
  console.log(`1-minute load average at start: ${os.loadavg()[0]!.toFixed(2)} (other work on the machine skews every figure)`);
  console.log(`load: autocannon on ${cpus.length} threads, ${connections} keep-alive connections in all, closed loop, ${warmupSeconds} s warm-up + ${seconds} s measured per scenario, ${rounds} round(s);`
    + ` requests signed before each scenario starts; generator, servers and Postgres share the ${cpus.length} CPU(s)\n`);

  const { dir, embedded } = await privatePostgres('partner-bench-', (undo) => cleanups.push(undo));
  const sql = createPool(embedded.socketUrl, 4);
  cleanups.push(() => sql.end({ timeout: 5 }));
  await migrate(sql);

  const secretKey = randomBytes(32);
  const reader = await createClub(sql, secretKey, 'Bench Club');
  const writer = await createClub(sql, secretKey, 'Bench Writers');
  const profileDir = profile ? path.join(dir, 'profile') : undefined;
  const service = await startService(root, embedded.socketUrl, secretKey.toString('base64'), path.join(dir, 'service'), profileDir);
  cleanups.push(service.stop);

  const me = await signedGet(service.base, '/v1/me', reader.hmac);
  if (me.status !== 200) throw new Error(`GET /v1/me answered ${me.status}: ${me.text}`);
  const meBody = Buffer.from(me.text, 'utf8');
  const bare = await startScript('bare', meBody);
  cleanups.push(bare.stop);
  const canned = await startScript('canned', meBody);
  cleanups.push(canned.stop);
  console.log(`GET /v1/me answers ${meBody.length} bytes; the bare and canned servers send the same bytes`);

  console.log(`inserting ${memberCount} members ...`);
  await insertMembers(sql, reader.id, memberCount);
  const deep = await deepCursors(sql, service.base, reader, secretKey);
  const list = '/v1/club/members?limit=25';
  // Half of the pages are page 1, the other half spread over deep pages.
  const memberPaths = deep.cursors.flatMap((c) => [list, `${list}&cursor=${c}`]);
  console.log(`members-page: half page 1, half ${deep.how}`);
  for (const [label, after] of [['page 1', undefined], [`deep page (after id ${deep.deepestAfter})`, deep.deepestAfter]] as const) {
    const { source, plan } = await explainList(sql, reader.workspace, after);
    console.log(`EXPLAIN (ANALYZE, BUFFERS), ${label}, ${source}:\n${plan.map((l) => '  ' + l).join('\n')}`);
  }

  await insertMembers(sql, writer.id, connections);
  const billedMembers = await memberIds(sql, writer.id);

  const round_ = scenarios({ service, bare, canned, reader, writer, memberPaths, billedMembers }).filter((s) => !only || only.includes(s.name));
  const rows: Row[] = [];
  const rsa = new Map<number, number>();
  for (let round = 1; round <= rounds; round++) {
    rsa.set(round, rsaVerifyMicros());
    console.log(`round ${round}: one RSA-2048 verify costs ${rsa.get(round)!.toFixed(1)} µs of CPU (node:crypto, median of 5 × 200)`);
    for (const scenario of round_) {
      const bareRate = rows.find((r) => r.round === round && r.scenario === 'bare')?.result.perSecond ?? 0;
      const hmacRate = rows.find((r) => r.round === round && r.scenario === 'me-hmac')?.result.perSecond ?? 0;
      // What to sign for: rsa2 may outrun hmac in a noisy round, and RSA signing late is slow.
      const expected = scenario.name === 'me-hmac' || !hmacRate ? 0.6 * bareRate : scenario.name === 'me-rsa2' ? 1.5 * hmacRate : hmacRate;
      console.log(`round ${round}: ${scenario.name} ...`);
      rows.push(await runScenario(scenario, round, expected, embedded.dataDir));
    }
  }

  for (let round = 1; round <= rounds; round++) console.log('\n' + table(rows, round));
  console.log('\n' + ceilingReport(rows));
  console.log(`\ntargets (issue 12):\n${targetReport(rows, { rsaVerifyMicros: rsa })}`);
  console.log(`\ntargets (issue 21), CPU per answered request against bare's of the same round:\n${targetReport(rows, { rsaVerifyMicros: rsa }, cpuTargets)}`);
  console.log(`\n1-minute load average at end: ${os.loadavg()[0]!.toFixed(2)}`);
  if (profileDir) {
    await service.stop();
    console.log(`\n${gcReport(rows)}`);
    console.log(`\nCPU profile of the service over the whole run:\n${await summarizeProfiles(profileDir)}`);
    console.log(`\nAllocation by the service over the whole run (V8's sampling heap profiler, freed objects included):\n${await summarizeAllocation(path.join(profileDir, heapProfileFile))}`);
  }
  return 0;
}

// Never hangs: past the budget everything is torn down and the run fails. The webhook bench waits
// for the real retry schedule (about 36 minutes for its 10-minute outage): its own budget.
// The volume run: its seed (minutes at national scale) and about 150 variants of at most 5 s each.
// The soak: its minutes, and 5 more for its setup and teardown.
const soakMinutes = Number(process.env.BENCH_SOAK_MINUTES || 20);
const budgetMs = webhooks ? webhookBudgetMs() : volume || citus ? 60 * 60 * 1000 : soak ? (soakMinutes + 5) * 60_000 : neighbours ? (await import('./neighbours.js')).neighboursBudgetMs()
  : (300 + rounds * 7 * (seconds + warmupSeconds + 60)) * 1000;
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
  console.error('bench failed:', error);
  return finish(1);
});

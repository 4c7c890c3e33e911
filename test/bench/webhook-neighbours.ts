// `BENCH_WEBHOOKS=1 BENCH_WEBHOOK_TRICKLE=1 npm run bench`: the red team's webhook scenario, timed.
// A bystander federation's 10 clubs each have a healthy endpoint on loopback; changes are committed
// in them at BENCH_WEBHOOK_RATE per second (50) for BENCH_WEBHOOK_SECONDS (10), first alone, then
// again right after one change in a hostile club whose 17 endpoints answer one byte a second. Same
// run, same Postgres, same worker (16 slots, a BENCH_WEBHOOK_SHARE % share per workspace, 25): prints the bystanders'
// commit-to-receipt p50/p99/max in both phases, and how many slots the hostile club held at most.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { createWorkspace } from '../../src/console/workspaces.js';
import { migrate } from '../../src/db/migrate.js';
import { parseRanges } from '../../src/webhooks/addresses.js';
import { workspaceSlots } from '../../src/webhooks/shares.js';
import { addEndpoint } from '../../src/webhooks/registry.js';
import { startWorker } from '../../src/webhooks/worker.js';
import { startTrickleReceiver } from '../support/trickle-receiver.js';
import { quantile } from './load.js';
import { webhookDatabase } from './webhook-database.js';
import { commitChange as change, startTimingReceiver } from './webhook-timing.js';

const rate = Number(process.env.BENCH_WEBHOOK_RATE || 50);
const seconds = Number(process.env.BENCH_WEBHOOK_SECONDS || 10);
/** WEBHOOK_WORKSPACE_SHARE of the worker; 100 shows the instance without the share. */
const share = Number(process.env.BENCH_WEBHOOK_SHARE || 25);

export async function benchWebhookNeighbours(): Promise<number> {
  const db = await webhookDatabase('partner-bench-neighbours-');
  const { sql, workerSql } = db;
  const receiver = await startTimingReceiver();
  const { received } = receiver;
  const trickle = await startTrickleReceiver(1000);
  try {
    await migrate(sql);
    const key = randomBytes(32);
    const policy = { allowHttp: true, allowed: parseRanges(['127.0.0.0/8']), endpointsMax: 20 };
    const base = receiver.base;
    const bystanders = await createWorkspace(sql, { kind: 'federation', name: 'Bystanders', country: 'NL' });
    const clubs: string[] = [];
    for (let i = 0; i < 10; i++) {
      const club = await createWorkspace(sql, { kind: 'club', name: `Bystander ${i}`, federationId: bystanders.id, country: 'NL' });
      await addEndpoint(sql, key, policy, { workspaceId: club.id, federationId: bystanders.id }, { url: `${base}/c${i}` });
      clubs.push(club.id);
    }
    const hostileFederation = await createWorkspace(sql, { kind: 'federation', name: 'Hostile', country: 'NL' });
    const hostile = await createWorkspace(sql, { kind: 'club', name: 'Trickler', federationId: hostileFederation.id, country: 'NL' });
    for (let i = 0; i < 17; i++) await addEndpoint(sql, key, policy, { workspaceId: hostile.id, federationId: hostileFederation.id }, { url: `${trickle.base}/${i}` });
    const worker = await startWorker({ sql: workerSql, masterKey: key, allowed: policy.allowed, concurrency: 16, workspaceShare: share, pollMs: 1000, listen: true });

    let next = 1;
    const phase = async (label: string) => {
      const committed = new Map<number, number>();
      const t0 = performance.now();
      const writes: Promise<void>[] = [];
      for (let i = 0; i < rate * seconds; i++) {
        const wait = t0 + (i * 1000) / rate - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const id = next++;
        writes.push(change(sql, bystanders.id, clubs[i % clubs.length]!, id).then(() => void committed.set(id, performance.now())));
      }
      await Promise.all(writes);
      const deadline = performance.now() + 30_000;
      while ([...committed.keys()].some((id) => !received.has(id)) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const ms = [...committed].map(([id, at]) => (received.get(id) ?? Infinity) - at);
      console.log(`  ${label}: bystanders' commit to receipt p50 ${quantile(ms, 0.5).toFixed(1)} ms, p99 ${quantile(ms, 0.99).toFixed(1)} ms,`
        + ` max ${Math.max(...ms).toFixed(1)} ms (${ms.length} messages, ${ms.filter((x) => !Number.isFinite(x)).length} not received); load average ${os.loadavg()[0]!.toFixed(2)}`);
      return ms;
    };
    console.log(`webhook neighbours: ${rate} bystander changes/s for ${seconds} s over 10 clubs, worker of 16 slots with a ${share} % share per workspace; ${os.cpus().length} CPU(s)`);
    await phase('alone');
    await change(sql, hostileFederation.id, hostile.id, 0);
    const held = performance.now() + 10_000;
    while (trickle.open < workspaceSlots(16, share) && performance.now() < held) await new Promise((r) => setTimeout(r, 20));
    const withHostile = await phase('beside 17 trickling endpoints');
    console.log(`  the hostile club held at most ${trickle.most} slot(s) at once; ${trickle.ended} of its attempts had ended by then (each is cut at 10 s)`);
    await trickle.close();
    await worker.stop();
    return quantile(withHostile, 0.99) <= 1000 ? 0 : 1;
  } finally {
    await trickle.close();
    receiver.close();
    await db.stop();
  }
}

// `BENCH_WEBHOOKS=1 npm run bench`: webhook delivery on loopback. Changes are committed at
// BENCH_WEBHOOK_RATE per second (200) for BENCH_WEBHOOK_SECONDS (20), spread over 50 clubs with one
// endpoint each, plus one endpoint that answers after 9 s and one that answers 503 for the first
// BENCH_WEBHOOK_OUTAGE_S (600, the 10 minutes; shorten it for a quick run). Prints the
// commit-to-receipt p50/p99 of the 49 healthy endpoints, then waits until the down endpoint has
// every message (retries follow the real schedule: 5 s, 5 min, 30 min, …) and counts losses and repeats.
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createWorkspace } from '../../src/console/workspaces.js';
import { embeddedServer, freePort } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';
import { createPool } from '../../src/db/pool.js';
import { parseRanges } from '../../src/webhooks/addresses.js';
import { addEndpoint } from '../../src/webhooks/registry.js';
import { startWorker } from '../../src/webhooks/worker.js';

const rate = Number(process.env.BENCH_WEBHOOK_RATE || 200);
const seconds = Number(process.env.BENCH_WEBHOOK_SECONDS || 20);
const outageS = Number(process.env.BENCH_WEBHOOK_OUTAGE_S || 600);
const healthy = 49;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;

export async function benchWebhooks(): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'partner-bench-webhooks-'));
  await chmod(dir, 0o755);
  const embedded = await embeddedServer(dir, await freePort());
  await embedded.start();
  const sql = createPool(embedded.url, 8);
  const workerSql = createPool(embedded.url, 4);
  const started = Date.now();
  const down = () => Date.now() - started < outageS * 1000;
  const received = new Map<string, number[]>(); // `<path> <webhook-id>` → receipt times
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = `${req.url} ${req.headers['webhook-id']}`;
      if (req.url === '/down' && down()) return res.writeHead(503).end();
      received.set(key, [...(received.get(key) ?? []), performance.now()]);
      if (req.url === '/slow') return setTimeout(() => res.writeHead(200).end(), 9_000);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await migrate(sql);
    const key = randomBytes(32);
    const federation = await createWorkspace(sql, { kind: 'federation', name: 'Webhook Bench', country: 'NL' });
    const clubs: { id: string; path: string }[] = [];
    for (let i = 0; i < healthy + 2; i++) {
      const club = await createWorkspace(sql, { kind: 'club', name: `Club ${i}`, federationId: federation.id, country: 'NL' });
      const p = i === healthy ? '/slow' : i === healthy + 1 ? '/down' : `/c${i}`;
      await addEndpoint(sql, key, { allowHttp: true }, { workspaceId: club.id, url: base + p, events: [] });
      clubs.push({ id: club.id, path: p });
    }
    const worker = await startWorker({ sql: workerSql, masterKey: key, allowed: parseRanges(['127.0.0.0/8']), concurrency: 16, pollMs: 1000, listen: true });
    const committed = new Map<string, { at: number; path: string }>();
    const total = rate * seconds;
    console.log(`webhooks: ${total} changes at ${rate}/s over ${clubs.length} endpoints (${healthy} healthy, one answering after 9 s, one down for ${outageS} s)`);
    const t0 = performance.now();
    const writes: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const wait = t0 + (i * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const club = clubs[i % clubs.length]!;
      writes.push(sql.begin(async (tx) => {
        await tx`select feed_write_lock(${federation.id})`;
        return tx<{ id: string }[]>`insert into changes (workspace_id, resource_type, resource_id, action, version) values (${club.id}, 'member', ${i + 1}, 'updated', 1) returning id`;
      }).then(([row]) => void committed.set(`${club.path} msg_${row!.id}`, { at: performance.now(), path: club.path })));
    }
    await Promise.all(writes);
    const deadline = Date.now() + (outageS + 40 * 60) * 1000;
    // The 9 s endpoint drains one message per 9 s (one in flight per endpoint): it is not waited for.
    while ([...committed.keys()].some((k) => !k.startsWith('/slow ') && !received.has(k)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1000));
    await worker.stop().catch(() => {});
    const latency = (p: (path: string) => boolean) => [...committed].filter(([, c]) => p(c.path)).map(([k, c]) => (received.get(k)?.[0] ?? Infinity) - c.at);
    const fmt = (xs: number[]) => `p50 ${quantile(xs, 0.5).toFixed(1)} ms, p99 ${quantile(xs, 0.99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} messages)`;
    console.log(`commit to receipt, healthy endpoints: ${fmt(latency((p) => p.startsWith('/c')))}`);
    console.log(`commit to receipt, the 9 s endpoint: ${fmt(latency((p) => p === '/slow'))}`);
    const downKeys = [...committed.keys()].filter((k) => k.startsWith('/down '));
    const lost = downKeys.filter((k) => !received.has(k)).length;
    const repeats = downKeys.reduce((n, k) => n + Math.max(0, (received.get(k)?.length ?? 1) - 1), 0);
    console.log(`the endpoint down for ${outageS} s: ${downKeys.length} messages, ${lost} lost, ${repeats} received twice or more; last one ${((Date.now() - started) / 1000).toFixed(0)} s after start`);
    const allLost = [...committed.keys()].filter((k) => !k.startsWith('/slow ') && !received.has(k)).length;
    console.log(`every endpoint but the 9 s one: ${allLost} lost; the 9 s one had ${latency((p) => p === '/slow').filter(Number.isFinite).length} delivered when the run ended`);
    return allLost === 0 ? 0 : 1;
  } finally {
    server.closeAllConnections();
    server.close();
    await workerSql.end({ timeout: 5 });
    await sql.end({ timeout: 5 });
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

// The bench's child processes: its private Postgres, the service under test and the bare baseline,
// each on its own event loop.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { embeddedServer, freePort, type EmbeddedServer } from '../../src/db/embedded.js';
import { shippedNodeFlags } from '../support/processes.js';
import { probeUrl } from './probes.js';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Child {
  base: string;
  pid: number;
  stop(): Promise<void>;
  /** With a profile: the collections V8 has reported so far (`--trace-gc`). */
  gc?: GcCount;
}

export interface GcCount { scavenges: number; markCompacts: number }

/** Counts the lines `--trace-gc` writes to the child's stdout (the service logs nothing else at LOG_LEVEL=silent). */
function countCollections(child: ChildProcess): GcCount {
  const gc = { scavenges: 0, markCompacts: 0 };
  let tail = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (tail + chunk).split('\n');
    tail = lines.pop()!;
    for (const line of lines) {
      if (line.includes(' Scavenge ')) gc.scavenges++;
      else if (line.includes(' Mark-Compact')) gc.markCompacts++;
    }
  });
  return gc;
}

/**
 * A fresh folder and an embedded Postgres in it, started. Each undo goes to `onExit` as it is
 * made, so that run.ts, undoing them in reverse order on every way out, leaves nothing running.
 */
export async function privatePostgres(prefix: string, onExit: (undo: () => Promise<unknown>) => void): Promise<{ dir: string; embedded: EmbeddedServer }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(dir, 0o755); // the unprivileged server user must reach its data folder
  onExit(() => rm(dir, { recursive: true, force: true }));
  const embedded = await embeddedServer(dir, await freePort());
  await embedded.start();
  onExit(() => embedded.stop());
  return { dir, embedded };
}

/** SIGTERM, then SIGKILL if the child has not exited within `graceMs`. */
function stopper(child: ChildProcess, graceMs = 5000): () => Promise<void> {
  return () => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function waitHealthy(base: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited with code ${child.exitCode} before it was healthy`);
    const status = await fetch(base + '/health').then((r) => r.status, () => 0);
    if (status === 200) return;
    await sleep(200);
  }
  throw new Error(`the service did not answer GET /health with 200 within ${timeoutMs} ms`);
}

/** Where, in the profile folder, the service's heap profile is written (`heap-sampling.ts`). */
export const heapProfileFile = 'allocation.json';

/**
 * `bin/partner-service serve`, with the Node flags of its first line, against `databaseUrl` on a
 * free loopback port, `env` over the bench's settings; with `profileDir`, a V8 CPU profile and a
 * sampled heap profile of the whole run are written there when it stops, and its garbage
 * collections are counted.
 */
export async function startService(root: string, databaseUrl: string, secretKey: string, dataDir: string, profileDir?: string, env: Record<string, string> = {}): Promise<Child> {
  const port = await freePort();
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir, '--trace-gc', '--import', probeUrl('heap-sampling.js')] : [];
  const bin = path.join(root, 'bin/partner-service');
  const child = spawn(process.execPath, [...shippedNodeFlags(bin), ...profile, bin, 'serve'], {
    cwd: root,
    stdio: ['ignore', profileDir ? 'pipe' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PARTNER_SECRET_KEY: secretKey,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS ?? '',
      DB_POOL_MAX: '10',
      // The brief asked for 100000000; loadConfig caps RATE_LIMIT at 1 000 000 per 60 s window,
      // which is still far above what two cores can serve.
      RATE_LIMIT: '1000000',
      ...(profileDir ? { BENCH_HEAP_PROFILE_FILE: path.join(profileDir, heapProfileFile) } : {}),
      ...env,
    },
  });
  const service: Child = { base: `http://127.0.0.1:${port}`, pid: child.pid!, stop: stopper(child), gc: profileDir ? countCollections(child) : undefined };
  try {
    await waitHealthy(service.base, child, 30_000);
  } catch (error) {
    await service.stop();
    throw error;
  }
  return service;
}

/** A server script beside this file (bare.js, canned.js), answering with `body`; it reports its port over IPC. */
export async function startScript(name: 'bare' | 'canned', body: Buffer): Promise<Child> {
  const child = fork(path.join(import.meta.dirname, `${name}.js`), [body.toString('base64')], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the ${name} server exited with code ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid!, stop: stopper(child) };
}

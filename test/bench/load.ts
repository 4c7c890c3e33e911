// The load generator. It runs on a worker thread so that signing (RSA especially) has an event loop
// of its own; the service and the baseline run in other processes. All of them share the machine.
import { createPrivateKey } from 'node:crypto';
import http from 'node:http';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { signRequest, type SigningKey } from '../../src/signing/client.js';

export type KeySpec =
  | { keyId: string; algorithm: 'hmac-sha256'; secret: string }
  | { keyId: string; algorithm: 'rsa2'; privateKeyPem: string };

export interface LoadSpec {
  base: string;
  /** With more than one path, half of the requests go to the first, the rest spread over the others. */
  paths: string[];
  key?: KeySpec;
  seconds: number;
  warmupSeconds: number;
  concurrency: number;
}

export interface LoadResult {
  ok: number;
  /** Non-2xx responses by status. */
  statuses: Record<string, number>;
  /** Requests that got no response (socket error, timeout). */
  failures: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Share of the measured window the load thread's event loop was busy: near 1, the client is the limit. */
  clientBusy: number;
  /** The first non-2xx body or failure message, to report. */
  firstError?: string;
}

/** Runs one scenario on a fresh worker thread. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const worker = new Worker(new URL(import.meta.url), { workerData: spec });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the load worker exited with code ${code}`)));
  });
}

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

function get(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers, agent, timeout: 10_000 }, (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      // Only a failure's body is kept: reading 2xx bodies into strings would be client overhead.
      res.on('data', (chunk: Buffer) => status >= 300 && chunks.push(chunk));
      res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('request timed out after 10 s')));
    req.on('error', reject);
    req.end();
  });
}

export function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

async function drive(spec: LoadSpec): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.concurrency });
  const key: SigningKey | undefined = spec.key?.algorithm === 'rsa2'
    ? { keyId: spec.key.keyId, algorithm: 'rsa2', privateKey: createPrivateKey(spec.key.privateKeyPem) }
    : spec.key;
  const [first, ...others] = spec.paths;
  const pick = () => (others.length === 0 || Math.random() < 0.5 ? first! : others[Math.floor(Math.random() * others.length)]!);
  const result: LoadResult = { ok: 0, statuses: {}, failures: 0, perSecond: 0, p50: NaN, p99: NaN, clientBusy: NaN };
  const samples: number[] = [];
  const warmEnd = nowMs() + spec.warmupSeconds * 1000;
  const end = warmEnd + spec.seconds * 1000;
  let busyFrom: EventLoopUtilization | undefined;
  setTimeout(() => (busyFrom = performance.eventLoopUtilization()), spec.warmupSeconds * 1000);

  // Closed loop: each virtual user sends its next request when the previous one has ended. Only
  // requests both started after the warm-up and ended within the window count.
  const user = async () => {
    while (nowMs() < end) {
      const url = new URL(pick(), spec.base);
      const headers = key ? signRequest({ method: 'GET', url, key }) : {};
      const started = nowMs(); // after signing: latency is the server's round trip, not the client's CPU
      const outcome = await get(agent, url, headers).catch((error: Error) => error);
      const ended = nowMs();
      if (started < warmEnd || ended > end) continue;
      if (outcome instanceof Error) {
        result.failures++;
        result.firstError ??= outcome.message;
      } else if (outcome.status >= 200 && outcome.status < 300) {
        result.ok++;
        samples.push(ended - started);
      } else {
        result.statuses[outcome.status] = (result.statuses[outcome.status] ?? 0) + 1;
        result.firstError ??= `${outcome.status} ${outcome.body.slice(0, 300)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, user));
  const clientBusy = busyFrom ? performance.eventLoopUtilization(busyFrom).utilization : NaN;
  agent.destroy();

  const sorted = Float64Array.from(samples).sort();
  return { ...result, perSecond: result.ok / spec.seconds, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), clientBusy };
}

if (!isMainThread) {
  drive(workerData as LoadSpec).then((result) => {
    // No exit here: the thread ends on its own once the message is out and the agent is gone.
    parentPort!.postMessage(result);
  }, (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

// The load generator: autocannon (keep-alive connections, closed loop) on as many threads as
// there are CPUs, so that one generator thread is never the limit of the bare baseline. Each
// thread sends its share of requests signed before the clock started.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Command, Measured } from './load-thread.js';
import type { Source } from './scenarios.js';

export interface Shot {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  ok: number;
  /** Non-2xx answers by status, and `failed` for requests without an answer. */
  errors: Record<string, number>;
  /** Requests signed while the clock ran, because the signed ones were used up. */
  signedLate: number;
}

export interface Load {
  warm(seconds: number): Promise<void>;
  measure(seconds: number): Promise<LoadResult>;
  stop(): Promise<void>;
}

/** The nearest-rank percentile: the smallest value with at least `q` of the samples at or below it. */
export function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const quantile = (xs: number[], q: number): number => percentile(Float64Array.from(xs).sort(), q);

/** Starts the load threads, each with every n-th request and its share of the connections. */
export function startLoad(base: string, source: Source, connections: number, threads = os.cpus().length): Load {
  const workers = Array.from({ length: threads }, (_, t) => new Worker(new URL('./load-thread.js', import.meta.url), {
    workerData: {
      base,
      connections: Math.floor(connections / threads) + (t < connections % threads ? 1 : 0),
      source: { ...source, shots: source.shots.filter((_, i) => i % threads === t || source.shots.length < threads) },
    },
  }));
  const all = (command: Command) => Promise.all(workers.map((w) => new Promise<Measured>((resolve, reject) => {
    w.once('message', resolve);
    w.once('error', reject);
    w.postMessage(command);
  })));
  return {
    async warm(seconds) {
      if (seconds > 0) await all({ run: 'warm', seconds });
    },
    async measure(seconds) {
      const parts = await all({ run: 'measure', seconds });
      const sorted = new Float64Array(parts.reduce((n, p) => n + p.latencies.length, 0));
      let at = 0;
      for (const p of parts) sorted.set(p.latencies, (at += p.latencies.length) - p.latencies.length);
      sorted.sort();
      const errors: Record<string, number> = {};
      for (const p of parts) for (const [k, n] of Object.entries(p.errors)) errors[k] = (errors[k] ?? 0) + n;
      const ok = parts.reduce((n, p) => n + p.ok, 0);
      const duration = Math.max(...parts.map((p) => p.duration));
      return { perSecond: ok / duration, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), ok, errors, signedLate: parts.reduce((n, p) => n + p.signedLate, 0) };
    },
    async stop() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

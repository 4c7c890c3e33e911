// Load for the fault tests: loops of requests, each answer timed on the test's clock.
import type { Response } from '../support/harness.js';

export interface Sample {
  started: number;
  ended: number;
  status: number;
  code?: string;
  detail?: string;
  retryAfter: string | null;
  /** What the loop sent, e.g. an external_ref to look for in the database afterwards. */
  tag?: string;
}

export const now = (): number => performance.now();

/** One timed request; a failure of the socket itself counts as status 0. */
export async function timed(send: () => Promise<Response>, tag?: string): Promise<Sample> {
  const started = now();
  try {
    const res = await send();
    return { started, ended: now(), status: res.status, code: res.body?.code, detail: res.body?.detail, retryAfter: res.headers.get('retry-after'), tag };
  } catch {
    return { started, ended: now(), status: 0, retryAfter: null, tag };
  }
}

/** `concurrency` loops calling `next(i)` until stopped; `stop` resolves with every sample. */
export function drive(concurrency: number, next: (i: number) => Promise<Sample>): { stop(): Promise<Sample[]> } {
  const samples: Sample[] = [];
  let running = true;
  let count = 0;
  const loops = Array.from({ length: concurrency }, async () => {
    while (running) samples.push(await next(count++));
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return samples;
    },
  };
}

/** The q-quantile of the samples' durations (q = 0.99: p99). */
export function quantile(samples: Sample[], q: number): number {
  const durations = samples.map((s) => s.ended - s.started).sort((a, b) => a - b);
  return durations[Math.min(durations.length - 1, Math.ceil(q * durations.length) - 1)] ?? 0;
}

// The load generator: autocannon (keep-alive connections, closed loop), each request taken from
// a source of ready-made requests so that signing costs nothing while the clock runs.
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';

export interface Shot {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadSpec {
  base: string;
  next: () => Shot;
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  ok: number;
  /** Non-2xx answers by status, and `failed` for requests without an answer. */
  errors: Record<string, number>;
  /** Share of the measured time the generator's event loop was busy: near 100 %, it is the limit. */
  generatorBusy: number;
}

export function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function run(spec: LoadSpec, seconds: number, onLatency?: (ms: number) => void) {
  const instance = autocannon({
    url: spec.base,
    connections: spec.connections,
    pipelining: 1,
    duration: seconds,
    timeout: 10,
    requests: [{
      setupRequest: (request) => {
        const shot = spec.next();
        return { ...request, method: shot.method, path: shot.path, headers: shot.headers, body: shot.body };
      },
    }],
  });
  // autocannon's own histogram keeps whole milliseconds; these are the exact durations.
  if (onLatency) instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => status < 300 && onLatency(ms));
  return instance;
}

/** A run whose figures are dropped: connections open, JIT and caches warm. */
export async function warm(spec: LoadSpec): Promise<void> {
  if (spec.warmupSeconds > 0) await run(spec, spec.warmupSeconds);
}

export async function measure(spec: LoadSpec): Promise<LoadResult> {
  let latencies = new Float64Array(1 << 18);
  let count = 0;
  const busyFrom = performance.eventLoopUtilization();
  const result = await run(spec, spec.seconds, (ms) => {
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = ms;
  });
  const generatorBusy = performance.eventLoopUtilization(busyFrom).utilization;
  const sorted = latencies.subarray(0, count).sort();
  const errors: Record<string, number> = {};
  for (const [status, { count: n }] of Object.entries(result.statusCodeStats)) if (!status.startsWith('2')) errors[status] = n;
  if (result.errors > 0) errors.failed = result.errors; // timeouts included
  return {
    perSecond: result['2xx'] / result.duration,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    ok: result['2xx'],
    errors,
    generatorBusy,
  };
}

// The service's series (bin/README.md, Metrics). Labels are bounded: operation id, workspace kind,
// status class, catalog code, outcome; never a tenant or a key. Process-wide, like the process.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { catalog, type ErrorCode } from '../errors.js';
import { counter, gauge, histogram, observe, type Counter, type Histogram } from './registry.js';

const seconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

const requests = counter('partner_requests_total', 'Requests answered, by operation (none: refused before routing, /health), workspace kind and status class.');
const durations = histogram('partner_request_duration_seconds', 'Time from the request\'s arrival to its answer being written, by operation.', seconds);
const refusals = counter('partner_refusals_total', 'Error answers by catalog code.');
let inFlight = 0;
gauge('partner_requests_in_flight', 'Requests arrived and not yet answered.', () => inFlight);

/** One operation's series, made once: what a request adds to. */
interface OperationSeries { byClass: Counter[]; duration: Histogram }
const classes = ['1xx', '2xx', '3xx', '4xx', '5xx'];
const byOperation = new Map<string, OperationSeries>();
const operationSeries = (operation: string, kind: string): OperationSeries => ({
  byClass: classes.map((c) => requests.child({ operation, kind, class: c })),
  duration: durations.child({ operation, kind }),
});
const none = operationSeries('none', 'none');
const byCode = new Map<string, Counter>((Object.keys(catalog) as ErrorCode[]).map((code) => [code, refusals.child({ code })]));

/** Makes the series of each operation of the table (at start). */
export function registerOperations(ops: { id: string; kind: string }[]): void {
  for (const op of ops) if (!byOperation.has(op.id)) byOperation.set(op.id, operationSeries(op.id, op.kind));
}

export function requestStarted(): void {
  inFlight++;
}

/** A request answered: `code` the catalog code of an error answer. */
export function requestDone(operation: string | undefined, status: number, code: string | undefined, seconds: number): void {
  inFlight--;
  const s = (operation !== undefined && byOperation.get(operation)) || none;
  const c = s.byClass[((status / 100) | 0) - 1];
  if (c) c.value++;
  observe(s.duration, seconds);
  if (code !== undefined) {
    const r = byCode.get(code);
    if (r) r.value++;
  }
}

/** Requests using the database now, and requests waiting for their workspace's share of it (src/db/workspace-share.ts). */
export const databaseRequests = { using: 0, waiting: 0 };
gauge('partner_database_requests_in_flight', 'Requests using the database (holding a pooled connection or waiting for one): compare with partner_database_pool_max.', () => databaseRequests.using);
gauge('partner_database_share_waiting', 'Requests waiting for their workspace\'s share of the database (DB_WORKSPACE_SHARE).', () => databaseRequests.waiting);

const deadlineCancels = counter('partner_deadline_cancellations_total', 'Requests answered 503 at their deadline; Postgres ends their statements (statement timeouts).').child();
/** A request's deadline passed. */
export const deadlineCancelled = (): void => void deadlineCancels.value++;

const usageBatches = histogram('partner_usage_batch_size', 'Requests recorded by one nonce and usage statement (src/auth/usage.ts).', [1, 2, 4, 8, 16, 32, 64, 128, 256, 500]).child();
const usageLatency = histogram('partner_usage_batch_duration_seconds', 'Time one nonce and usage batch took to write.', seconds).child();
export function usageBatch(size: number, durationSeconds: number): void {
  observe(usageBatches, size);
  observe(usageLatency, durationSeconds);
}

const attempts = counter('partner_webhook_attempts_total', 'Webhook delivery attempts by outcome.');
const outcomes = { succeeded: attempts.child({ outcome: 'succeeded' }), failed: attempts.child({ outcome: 'failed' }), gone: attempts.child({ outcome: 'gone' }) };
/** One delivery attempt: 2xx succeeded, 410 gone (endpoint disabled), anything else failed. */
export const webhookAttempt = (outcome: keyof typeof outcomes): void => void outcomes[outcome].value++;

// The process: CPU, memory, event-loop delay (a histogram kept by Node, read at scrape).
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
gauge('process_cpu_seconds_total', 'User and system CPU time of the process.', () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}, 'counter');
gauge('process_resident_memory_bytes', 'Resident set size.', () => process.memoryUsage.rss());
gauge('nodejs_heap_used_bytes', 'V8 heap in use.', () => process.memoryUsage().heapUsed);
gauge('nodejs_eventloop_delay_seconds', 'Event-loop delay since the previous scrape (p50, p99, max).', () => {
  const samples: [Record<string, string>, number][] = [
    [{ quantile: '0.5' }, loop.percentile(50) / 1e9], [{ quantile: '0.99' }, loop.percentile(99) / 1e9], [{ quantile: '1' }, loop.max / 1e9],
  ];
  loop.reset();
  return samples;
});

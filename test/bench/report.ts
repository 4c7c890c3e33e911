// The printed results: one table per round, each scenario next to the bare baseline of its round,
// then the targets checked on every round.
import type { LoadResult } from './load.js';
import type { GcCount } from './processes.js';

export interface Row {
  round: number;
  scenario: string;
  result: LoadResult;
  /** Peak resident memory of the process under test, bytes. */
  rss: number;
  /** CPU cores used on average while measured: the process under test, Postgres, the generator. */
  cores: { server: number; postgres: number; generator: number };
  /** Seconds measured (the CPU figures' clock). */
  wall: number;
  /** The service's collections while measured, when profiled. */
  gc?: GcCount;
}

/** CPU µs per answered request, from /proc: cores × wall ÷ requests. It does not depend on the generator's speed. */
export const cpuPerRequest = (row: Row, of: 'server' | 'postgres') => (row.cores[of] * row.wall * 1e6) / row.result.ok;
const bareRow = (rows: Row[], round: number) => rows.find((r) => r.round === round && r.scenario === 'bare')!;
/** A scenario's CPU per request (the server's, or with Postgres's) as a multiple of bare's in the same round. */
const timesBare = (rows: Row[], row: Row, withPostgres = false) =>
  (cpuPerRequest(row, 'server') + (withPostgres ? cpuPerRequest(row, 'postgres') : 0)) / cpuPerRequest(bareRow(rows, row.round), 'server');

const ms = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(2));
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

function errors(r: LoadResult): string {
  const parts = Object.entries(r.errors).map(([status, n]) => `${n}×${status}`);
  if (r.signedLate > 0) parts.push(`${r.signedLate} signed late`);
  return parts.join(' ') || '0';
}

export const ratio = (rows: Row[], row: Row) => row.result.perSecond / bareRow(rows, row.round).result.perSecond;

export function table(rows: Row[], round: number): string {
  const header = ['scenario', 'req/s', 'CPU µs/req: server / pg', 'bare ÷ server', 'p50 ms', 'p99 ms', 'peak RSS MB', 'vs bare req/s', 'cores: server / pg / generator', 'errors'];
  const lines = rows.filter((r) => r.round === round).map((r) => [
    r.scenario, r.result.perSecond.toFixed(0),
    `${cpuPerRequest(r, 'server').toFixed(1)} / ${cpuPerRequest(r, 'postgres').toFixed(1)}`,
    `${(100 / timesBare(rows, r)).toFixed(1)}%`,
    ms(r.result.p50), ms(r.result.p99), mb(r.rss),
    `${(100 * ratio(rows, r)).toFixed(1)}%`,
    `${r.cores.server.toFixed(2)} / ${r.cores.postgres.toFixed(2)} / ${r.cores.generator.toFixed(2)}`,
    errors(r.result),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 || i === header.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [`round ${round}`, format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n');
}

/** Bare next to the generator's ceiling: well below it, the generator does not bound the baseline. */
export function ceilingReport(rows: Row[]): string {
  const lines = rows.filter((r) => r.scenario === 'bare').map((bare) => {
    const ceiling = rows.find((r) => r.round === bare.round && r.scenario === 'generator ceiling')!.result.perSecond;
    return `  round ${bare.round}: bare ${bare.result.perSecond.toFixed(0)} req/s = ${((100 * bare.result.perSecond) / ceiling).toFixed(0)}% of the generator's ceiling (${ceiling.toFixed(0)} req/s)`;
  });
  return ['bare baseline next to the generator\'s ceiling (signed requests against a server that only writes canned bytes):', ...lines].join('\n');
}

/** What the targets need besides the rows: the CPU µs of one RSA-2048 verify, measured per round. */
export interface Context { rsaVerifyMicros: Map<number, number> }

interface Target { scenario: string; what: string; value(rows: Row[], row: Row, context: Context): number; limit: number; atLeast: boolean; unit: string }

const targets: Target[] = [
  { scenario: 'me-hmac', what: 'throughput', value: ratio, limit: 0.4, atLeast: true, unit: '% of bare' },
  { scenario: 'me-hmac', what: 'p99', value: (_, r) => r.result.p99, limit: 10, atLeast: false, unit: 'ms' },
  { scenario: 'me-rsa2', what: 'throughput', value: ratio, limit: 0.25, atLeast: true, unit: '% of bare' },
  { scenario: 'members-page', what: 'p99', value: (_, r) => r.result.p99, limit: 20, atLeast: false, unit: 'ms' },
  { scenario: 'member-create', what: 'throughput', value: ratio, limit: 0.1, atLeast: true, unit: '% of bare' },
  ...['me-hmac', 'me-rsa2', 'members-page', 'member-create'].map((scenario): Target => (
    { scenario, what: 'peak RSS', value: (_, r) => r.rss / 2 ** 20, limit: 150, atLeast: false, unit: 'MB' })),
];

// Issue 21: CPU per request against bare's, which does not move with the generator's speed.
export const cpuTargets: Target[] = [
  { scenario: 'me-hmac', what: 'service CPU/request', value: (rows, r) => timesBare(rows, r), limit: 2.5, atLeast: false, unit: '× bare' },
  { scenario: 'me-hmac', what: 'service + Postgres CPU/request', value: (rows, r) => timesBare(rows, r, true), limit: 3, atLeast: false, unit: '× bare' },
  {
    scenario: 'me-rsa2', what: 'service CPU/request less one RSA-2048 verify', limit: 2.5, atLeast: false, unit: '× bare',
    value: (rows, r, c) => (cpuPerRequest(r, 'server') - c.rsaVerifyMicros.get(r.round)!) / cpuPerRequest(bareRow(rows, r.round), 'server'),
  },
  { scenario: 'me-hmac', what: 'p99 at c=32', value: (_, r) => r.result.p99, limit: 10, atLeast: false, unit: 'ms' },
  { scenario: 'members-page', what: 'service CPU/request', value: (rows, r) => timesBare(rows, r), limit: 8, atLeast: false, unit: '× bare' },
];

const show = (t: Target, x: number) =>
  t.unit === '% of bare' ? `${(100 * x).toFixed(1)}%` : t.unit === '× bare' ? `${x.toFixed(2)} ×` : `${x.toFixed(t.unit === 'MB' ? 0 : 2)} ${t.unit}`;

/** One line per target: the value of each round, and met or missed by how much. */
export function targetReport(rows: Row[], context: Context, list = targets): string {
  return list.map((t) => {
    const values = rows.filter((r) => r.scenario === t.scenario).map((r) => t.value(rows, r, context));
    if (values.length === 0) return `${t.scenario} ${t.what}: not run`;
    const met = values.filter((x) => (t.atLeast ? x >= t.limit : x <= t.limit)).length;
    const worst = t.atLeast ? Math.min(...values) : Math.max(...values);
    const verdict = met === values.length ? 'met' : `missed in ${values.length - met} of ${values.length} rounds (worst ${show(t, worst)})`;
    return `${t.scenario} ${t.what} ${t.atLeast ? '≥' : '≤'} ${show(t, t.limit)}: ${values.map((x) => show(t, x)).join(', ')} → ${verdict}`;
  }).join('\n');
}

/** The service's garbage collections per 1000 answered requests (profile mode): fewer objects per request, fewer scavenges. */
export function gcReport(rows: Row[]): string {
  const lines = rows.filter((r) => r.gc).map((r) =>
    `  round ${r.round} ${r.scenario}: ${((1000 * r.gc!.scavenges) / r.result.ok).toFixed(2)} scavenges, ${((1000 * r.gc!.markCompacts) / r.result.ok).toFixed(3)} mark-compacts`);
  return ['garbage collections of the service per 1000 answered requests (--trace-gc):', ...lines].join('\n');
}

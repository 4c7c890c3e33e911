// The printed results: one table per round, each scenario next to the bare baseline of its round,
// then the targets checked on every round.
import type { LoadResult } from './load.js';

export interface Row {
  round: number;
  scenario: string;
  result: LoadResult;
  /** Peak resident memory of the process under test, bytes. */
  rss: number;
  /** CPU cores used on average while measured: the process under test, Postgres, the generator. */
  cores: { server: number; postgres: number; generator: number };
}

const ms = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(2));
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

function errors(r: LoadResult): string {
  const parts = Object.entries(r.errors).map(([status, n]) => `${n}×${status}`);
  if (r.signedLate > 0) parts.push(`${r.signedLate} signed late`);
  return parts.join(' ') || '0';
}

const bareOf = (rows: Row[], round: number) => rows.find((r) => r.round === round && r.scenario === 'bare')!.result.perSecond;
export const ratio = (rows: Row[], row: Row) => row.result.perSecond / bareOf(rows, row.round);

export function table(rows: Row[], round: number): string {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'peak RSS MB', 'vs bare', 'cores: server / pg / generator', 'errors'];
  const lines = rows.filter((r) => r.round === round).map((r) => [
    r.scenario, r.result.perSecond.toFixed(0), ms(r.result.p50), ms(r.result.p99), mb(r.rss),
    `${(100 * ratio(rows, r)).toFixed(1)}%`,
    `${r.cores.server.toFixed(2)} / ${r.cores.postgres.toFixed(2)} / ${r.cores.generator.toFixed(2)}`,
    errors(r.result),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 || i === 7 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
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

interface Target { scenario: string; what: string; value(rows: Row[], row: Row): number; limit: number; atLeast: boolean; unit: string }

const targets: Target[] = [
  { scenario: 'me-hmac', what: 'throughput', value: ratio, limit: 0.4, atLeast: true, unit: '% of bare' },
  { scenario: 'me-hmac', what: 'p99', value: (_, r) => r.result.p99, limit: 10, atLeast: false, unit: 'ms' },
  { scenario: 'me-rsa2', what: 'throughput', value: ratio, limit: 0.25, atLeast: true, unit: '% of bare' },
  { scenario: 'members-page', what: 'p99', value: (_, r) => r.result.p99, limit: 20, atLeast: false, unit: 'ms' },
  { scenario: 'member-create', what: 'throughput', value: ratio, limit: 0.1, atLeast: true, unit: '% of bare' },
  ...['me-hmac', 'me-rsa2', 'members-page', 'member-create'].map((scenario): Target => (
    { scenario, what: 'peak RSS', value: (_, r) => r.rss / 2 ** 20, limit: 150, atLeast: false, unit: 'MB' })),
];

const show = (t: Target, x: number) => (t.unit === '% of bare' ? `${(100 * x).toFixed(1)}%` : `${x.toFixed(t.unit === 'MB' ? 0 : 2)} ${t.unit}`);

/** One line per target: the value of each round, and met or missed by how much. */
export function targetReport(rows: Row[]): string {
  return targets.map((t) => {
    const values = rows.filter((r) => r.scenario === t.scenario).map((r) => t.value(rows, r));
    if (values.length === 0) return `${t.scenario} ${t.what}: not run`;
    const met = values.filter((x) => (t.atLeast ? x >= t.limit : x <= t.limit)).length;
    const worst = t.atLeast ? Math.min(...values) : Math.max(...values);
    const verdict = met === values.length ? 'met' : `missed in ${values.length - met} of ${values.length} rounds (worst ${show(t, worst)})`;
    return `${t.scenario} ${t.what} ${t.atLeast ? '≥' : '≤'} ${show(t, t.limit)}: ${values.map((x) => show(t, x)).join(', ')} → ${verdict}`;
  }).join('\n');
}

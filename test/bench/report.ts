// The printed results: one row per scenario, throughput also relative to the bare baseline.
import type { LoadResult } from './load.js';

export interface Row {
  scenario: string;
  result?: LoadResult;
  note?: string;
}

const ms = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(2));

function errors(r: LoadResult): string {
  const statuses = Object.entries(r.statuses).map(([status, n]) => `${n}×${status}`);
  if (r.failures) statuses.push(`${r.failures}×no response`);
  return statuses.length ? statuses.join(' ') : '0';
}

export function table(rows: Row[]): string {
  const bare = rows.find((r) => r.scenario === 'bare')?.result?.perSecond;
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', '2xx', 'errors (non-2xx, failed)', 'vs bare', 'load thread busy'];
  const lines = rows.map(({ scenario, result: r, note }) => r
    ? [scenario, r.perSecond.toFixed(0), ms(r.p50), ms(r.p99), String(r.ok), errors(r),
      bare ? `${((100 * r.perSecond) / bare).toFixed(1)}%` : '-', `${(100 * r.clientBusy).toFixed(0)}%`]
    : [scenario, '-', '-', '-', '-', '-', note ?? 'skipped', '-']);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n');
}

export function summary(rows: Row[]): string {
  const get = (name: string) => rows.find((r) => r.scenario === name)?.result;
  const bare = get('bare');
  const parts = rows.filter((r) => r.result && r.scenario !== 'bare' && bare)
    .map((r) => `${r.scenario} ${((100 * r.result!.perSecond) / bare!.perSecond).toFixed(0)}% of bare`);
  const bad = rows.filter((r) => r.result && (r.result.failures > 0 || Object.keys(r.result.statuses).length > 0));
  return `summary: ${parts.join(', ')}; ${bad.length ? `errors in ${bad.map((r) => r.scenario).join(', ')}` : 'no errors'}`;
}

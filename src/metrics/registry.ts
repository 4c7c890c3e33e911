// Counters, gauges and histograms, and their Prometheus text exposition (format 0.0.4). Written
// here rather than taken from prom-client: the service's only runtime dependencies are postgres and
// valibot, and what it needs (fixed label sets made at start, one text renderer) is this file.
//
// A series' labels are fixed when it is made, so recording is a number added to a field: no
// string is built and no map is searched on the request path.

type Labels = Record<string, string>;

interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  /** Appends the family's sample lines. */
  samples(out: string[]): void | Promise<void>;
}

const families: Family[] = [];

const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels, extra = ''): string => {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escape(v)}"`);
  if (extra) parts.push(extra);
  return parts.length ? `{${parts.join(',')}}` : '';
};
const number = (value: number) => (Number.isFinite(value) ? String(value) : value > 0 ? '+Inf' : value < 0 ? '-Inf' : 'NaN');

export interface Counter { value: number; labels: string }

/** A counter family; `child` makes (once, at start) the series of one label set. */
export function counter(name: string, help: string) {
  const children: Counter[] = [];
  families.push({ name, help, type: 'counter', samples: (out) => { for (const c of children) out.push(`${name}${c.labels} ${number(c.value)}`); } });
  return {
    child(labels: Labels = {}): Counter {
      const c = { value: 0, labels: labelText(labels) };
      children.push(c);
      return c;
    },
  };
}

/** A gauge read when scraped: `read` gives its samples (label set, value), or one value. */
export function gauge(name: string, help: string, read: () => number | [Labels, number][] | Promise<number | [Labels, number][]>, type: 'gauge' | 'counter' = 'gauge'): void {
  families.push({
    name, help, type,
    async samples(out) {
      const value = await read();
      if (typeof value === 'number') out.push(`${name} ${number(value)}`);
      else for (const [labels, v] of value) out.push(`${name}${labelText(labels)} ${number(v)}`);
    },
  });
}

export interface Histogram { counts: Float64Array; sum: number; count: number; bounds: readonly number[]; labels: Labels }

/** Records one observation: a scan of the few upper bounds, no allocation. */
export function observe(h: Histogram, value: number): void {
  const { bounds, counts } = h;
  let i = 0;
  while (i < bounds.length && value > bounds[i]!) i++;
  counts[i]!++;
  h.sum += value;
  h.count++;
}

/** A histogram family with fixed upper bounds (in the metric's base unit). */
export function histogram(name: string, help: string, bounds: readonly number[]) {
  const children: Histogram[] = [];
  families.push({
    name, help, type: 'histogram',
    samples(out) {
      for (const h of children) {
        let cumulative = 0;
        for (let i = 0; i < bounds.length; i++) {
          cumulative += h.counts[i]!;
          out.push(`${name}_bucket${labelText(h.labels, `le="${bounds[i]}"`)} ${cumulative}`);
        }
        out.push(`${name}_bucket${labelText(h.labels, 'le="+Inf"')} ${h.count}`);
        out.push(`${name}_sum${labelText(h.labels)} ${number(h.sum)}`);
        out.push(`${name}_count${labelText(h.labels)} ${h.count}`);
      }
    },
  });
  return {
    child(labels: Labels = {}): Histogram {
      const h = { counts: new Float64Array(bounds.length + 1), sum: 0, count: 0, bounds, labels };
      children.push(h);
      return h;
    },
  };
}

/** Every family in the text format; a family whose reading fails is left out, not the scrape. */
export async function render(): Promise<string> {
  const out: string[] = [];
  for (const f of families) {
    const lines: string[] = [];
    try {
      await f.samples(lines);
    } catch {
      continue;
    }
    out.push(`# HELP ${f.name} ${f.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`, `# TYPE ${f.name} ${f.type}`, ...lines);
  }
  return out.join('\n') + '\n';
}

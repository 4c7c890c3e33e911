// A strict reader of the Prometheus text format (0.0.4), for tests: every sample belongs to a family
// declared by # TYPE before it, names and labels are well formed, values are numbers, and each
// histogram's buckets are cumulative and end with +Inf equal to _count. Anything else throws.
const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const labelName = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const types = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

export interface Sample { name: string; labels: Record<string, string>; value: number }
/** GET `url` and its strict parse; throws unless the answer is 200 in the text format. */
export async function scrape(url: string): Promise<Scrape> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  if (res.headers.get('content-type') !== 'text/plain; version=0.0.4; charset=utf-8') throw new Error('not the text format');
  return parsePrometheus(await res.text());
}

export interface Scrape { types: Map<string, string>; samples: Sample[]; value(name: string, labels?: Record<string, string>): number | undefined }

function readLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    const eq = text.indexOf('=', i);
    const key = text.slice(i, eq);
    if (eq < 0 || !labelName.test(key) || text[eq + 1] !== '"') throw new Error(`bad label in: ${line}`);
    let value = '';
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] === '\\') {
        const next = text[++j];
        value += next === 'n' ? '\n' : next === '\\' ? '\\' : next === '"' ? '"' : (() => { throw new Error(`bad escape in: ${line}`); })();
      } else value += text[j];
    }
    if (j >= text.length) throw new Error(`unterminated label value in: ${line}`);
    if (key in labels) throw new Error(`label ${key} twice in: ${line}`);
    labels[key] = value;
    i = j + 1;
    if (text[i] === ',') i++;
    else if (i < text.length) throw new Error(`bad label separator in: ${line}`);
  }
  return labels;
}

function readValue(text: string, line: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  if (!/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value in: ${line}`);
  return Number(text);
}

const familyOf = (sample: string, declared: Map<string, string>) => {
  if (declared.has(sample)) return sample;
  const base = sample.replace(/_(bucket|sum|count)$/, '');
  return declared.get(base) === 'histogram' || declared.get(base) === 'summary' ? base : undefined;
};

export function parsePrometheus(text: string): Scrape {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a line feed');
  const declared = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    if (line.startsWith('#')) {
      const [, keyword, family, ...rest] = line.split(' ');
      if (keyword === 'TYPE') {
        if (!name.test(family ?? '') || !types.has(rest[0] ?? '') || declared.has(family!)) throw new Error(`bad TYPE: ${line}`);
        declared.set(family!, rest[0]!);
      } else if (keyword === 'HELP' && !name.test(family ?? '')) throw new Error(`bad HELP: ${line}`);
      continue;
    }
    const m = /^([^{ ]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || !name.test(m[1]!)) throw new Error(`bad sample: ${line}`);
    if (!familyOf(m[1]!, declared)) throw new Error(`sample before its TYPE: ${line}`);
    samples.push({ name: m[1]!, labels: readLabels(m[2] ?? '', line), value: readValue(m[3]!, line) });
  }
  const key = (labels: Record<string, string>) => JSON.stringify(Object.entries(labels).filter(([k]) => k !== 'le').sort());
  for (const [family, type] of declared) {
    if (type !== 'histogram') continue;
    const series = new Map<string, Sample[]>();
    for (const s of samples.filter((s) => s.name === `${family}_bucket`)) series.set(key(s.labels), [...(series.get(key(s.labels)) ?? []), s]);
    for (const [labels, buckets] of series) {
      for (let i = 1; i < buckets.length; i++) if (buckets[i]!.value < buckets[i - 1]!.value) throw new Error(`${family}${labels}: buckets not cumulative`);
      const last = buckets.at(-1)!;
      const count = samples.find((s) => s.name === `${family}_count` && key(s.labels) === labels);
      if (last.labels.le !== '+Inf' || count?.value !== last.value) throw new Error(`${family}${labels}: +Inf bucket missing or not _count`);
    }
  }
  const value = (n: string, labels: Record<string, string> = {}) =>
    samples.find((s) => s.name === n && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
  return { types: declared, samples, value };
}

// The probes the benches preload into the service (`--import`): the volume and soak benches'
// event-loop.ts and round-trips.ts, whose files hold a line `<epoch ms> <value>` each, and the
// profile mode's heap-sampling.ts.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

/** The URL `--import` takes for a probe beside this file (`event-loop.js`, …). */
export const probeUrl = (probe: string): string => pathToFileURL(path.join(import.meta.dirname, probe)).href;

/** Adds the probes to the NODE_OPTIONS of the service started next. */
export function preload(...probes: string[]): void {
  process.env.BENCH_NODE_OPTIONS = [process.env.BENCH_NODE_OPTIONS, ...probes.map((probe) => `--import ${probeUrl(probe)}`)].filter(Boolean).join(' ');
}

export async function probeLines(file: string): Promise<[number, number][]> {
  return (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean).map((l) => l.split(' ').map(Number) as [number, number]);
}

/** Calls `each` with every full collection (V8's mark-compact) of this process from now on. */
export function observeFullCollections(each: (epochMs: number, pauseMs: number) => void): PerformanceObserver {
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if ((e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) each(performance.timeOrigin + e.startTime, e.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return observer;
}

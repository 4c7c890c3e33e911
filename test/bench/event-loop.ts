// Preloaded into the service by the volume bench (`--import`): every 250 ms it appends the event
// loop's largest delay since the last line to BENCH_EVENT_LOOP_FILE (`<epoch ms> <max ms>`), so
// the bench can take the maximum over each variant's window; and each of V8's full collections
// to BENCH_GC_FILE (`<epoch ms> <pause ms>`), whose marking runs beside the requests before it.
import { appendFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.BENCH_EVENT_LOOP_FILE;
const gcFile = process.env.BENCH_GC_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let collections = '';
  if (gcFile) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
        if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) collections += `${Math.round(performance.timeOrigin + e.startTime)} ${e.duration.toFixed(1)}\n`;
      }
    }).observe({ entryTypes: ['gc'] });
  }
  setInterval(() => {
    appendFileSync(file, `${Date.now()} ${(histogram.max / 1e6).toFixed(1)}\n`);
    histogram.reset();
    if (gcFile && collections) appendFileSync(gcFile, collections);
    collections = '';
  }, 250).unref();
}

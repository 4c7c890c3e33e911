// Preloaded into the service by the volume and soak benches (`--import`): every 250 ms it appends
// the event loop's largest delay since the last line to BENCH_EVENT_LOOP_FILE (`<epoch ms> <max ms>`),
// so the bench can take the maximum over a window; and each of V8's full collections to
// BENCH_GC_FILE (`<epoch ms> <pause ms>`), whose marking runs beside the requests before it.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { observeFullCollections } from './probes.js';

const file = process.env.BENCH_EVENT_LOOP_FILE;
const gcFile = process.env.BENCH_GC_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let collections = '';
  if (gcFile) {
    observeFullCollections((at, pause) => (collections += `${Math.round(at)} ${pause.toFixed(1)}\n`));
  }
  setInterval(() => {
    appendFileSync(file, `${Date.now()} ${(histogram.max / 1e6).toFixed(1)}\n`);
    histogram.reset();
    if (gcFile && collections) appendFileSync(gcFile, collections);
    collections = '';
  }, 250).unref();
}

// Preloaded into the service by the volume bench (`--import`): every 250 ms it appends the event
// loop's largest delay since the last line to BENCH_EVENT_LOOP_FILE (`<epoch ms> <max ms>`), so
// the bench can take the maximum over each variant's window.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_EVENT_LOOP_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  setInterval(() => {
    appendFileSync(file, `${Date.now()} ${(histogram.max / 1e6).toFixed(1)}\n`);
    histogram.reset();
  }, 250).unref();
}

// One load thread: autocannon over its share of the connections and of the signed requests. The
// main thread tells it when to warm up and when to measure; it answers with exact latencies.
import autocannon from 'autocannon';
import { parentPort, workerData } from 'node:worker_threads';
import type { Shot } from './load.js';
import { shot, signingKey } from './presign.js';
import type { Source } from './scenarios.js';

export type Command = { run: 'warm' | 'measure'; seconds: number } | { run: 'stop' };
export interface Measured { ok: number; duration: number; errors: Record<string, number>; latencies: Float64Array; signedLate: number }

const { base, source, connections } = workerData as { base: string; source: Source; connections: number };
const lateKey = source.late && signingKey(source.late.key);
let index = 0;
let signedLate = 0;

function next(): Shot {
  if (index < source.shots.length) return source.shots[index++]!;
  if (source.cycle || !source.late) return source.shots[index++ % source.shots.length]!;
  signedLate++;
  return shot(source.late.base, lateKey!, source.late.templates[index++ % source.late.templates.length]!);
}

async function run(seconds: number, measuring: boolean): Promise<Measured> {
  let latencies = new Float64Array(1 << 17);
  let count = 0;
  const instance = autocannon({
    url: base, connections, pipelining: 1, duration: seconds, timeout: 10,
    requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
  });
  // autocannon's own histogram keeps whole milliseconds; these are the exact durations.
  if (measuring) {
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status >= 300) return;
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = ms;
    });
  }
  const result = await instance;
  const errors: Record<string, number> = {};
  for (const [status, { count: n }] of Object.entries(result.statusCodeStats)) if (!status.startsWith('2')) errors[status] = n;
  if (result.errors > 0) errors.failed = result.errors; // timeouts included
  return { ok: result['2xx'], duration: result.duration, errors, latencies: latencies.slice(0, count), signedLate };
}

parentPort!.on('message', (command: Command) => {
  if (command.run === 'stop') return void parentPort!.close();
  void run(command.seconds, command.run === 'measure').then((measured) => parentPort!.postMessage(measured));
});

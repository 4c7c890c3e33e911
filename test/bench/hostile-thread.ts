// The neighbours bench's hostile tenant (neighbours.ts), on a thread of its own so that its work
// does not hold the event loop on which the bystanders' clocks run. Two kinds of loops, each
// sending its next request as soon as the last one is answered: `inFlight` PATCHes of a member
// whose row another transaction holds locked, from one credential; and `arrayLoops` loops of
// bodies just under 1 MiB made of an array's smallest elements, signed afresh each time. On
// 'stop' it lets the requests in flight end and posts what it was answered.
import { parentPort, workerData } from 'node:worker_threads';
import type { SigningKey } from '../../src/signing/client.js';
import { deliver, parsed, signText } from './volume-requests.js';

export interface HostileBody { method: string; path: string; text: string; key: SigningKey }

export interface HostileData {
  base: string;
  inFlight: number;
  waiter: { path: string; key: SigningKey };
  arrayLoops: number;
  bodies: HostileBody[];
  /** Int32Array over a SharedArrayBuffer: [0] counts every answer, for the CPU per request. */
  answered: SharedArrayBuffer;
}

/** What each group was answered: `<status> <code>` → count, and how long the answers took. */
export interface HostileReport {
  group: 'in flight' | 'array bodies';
  answers: Record<string, number>;
  ms: number[];
}

const data = workerData as HostileData;
const answered = new Int32Array(data.answered);
let stopping = false;

async function loop(report: HostileReport, next: (i: number) => HostileBody): Promise<void> {
  for (let i = 0; !stopping; i++) {
    const { method, path, text, key } = next(i);
    const signed = signText(data.base, method, path, key, text);
    const started = performance.now();
    const outcome = await deliver(signed).then((a) => `${a.status} ${(parsed(a.text) as { code?: string } | undefined)?.code ?? ''}`.trim(), (e: Error) => `no answer (${e.message})`);
    report.ms.push(performance.now() - started);
    report.answers[outcome] = (report.answers[outcome] ?? 0) + 1;
    Atomics.add(answered, 0, 1);
  }
}

const inFlight: HostileReport = { group: 'in flight', answers: {}, ms: [] };
const arrays: HostileReport = { group: 'array bodies', answers: {}, ms: [] };
const held: HostileBody = { method: 'PATCH', path: data.waiter.path, text: '{"first_name":"Held"}', key: data.waiter.key };
const loops = [
  ...Array.from({ length: data.inFlight }, () => loop(inFlight, () => held)),
  ...Array.from({ length: data.arrayLoops }, (_, n) => loop(arrays, (i) => data.bodies[(i + n) % data.bodies.length]!)),
];

parentPort!.once('message', () => {
  stopping = true;
  void Promise.all(loops).then(() => parentPort!.postMessage([inFlight, arrays]));
});

// A child process of hot-row.test.ts: writers that keep PATCHing one row from outside the
// service's process (the service's event loop then carries only the server's share of the load).
// Started with fork(); gets its task as the first message, answers `stop` with its samples.
import { signRequest, type SigningKey } from '../../src/signing/client.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { timed, type Sample } from './load.js';

export interface WritersTask { url: string; key: SigningKey; count: number }

process.once('message', (task: WritersTask) => {
  const samples: Sample[] = [];
  let running = true;
  const write = async (i: number) => {
    const url = new URL(task.url);
    const body = JSON.stringify({ first_name: `Writer${i}` });
    const headers = signRequest({ method: 'PATCH', url, headers: { 'content-type': 'application/json' }, body, key: task.key });
    const res = await fetch(url, { method: 'PATCH', headers, body });
    return { status: res.status, headers: res.headers, body: await res.json() };
  };
  const loops = Array.from({ length: task.count }, async (_, i) => {
    while (running) {
      samples.push(await timed(() => write(i)));
      await sleep(Math.random() * 100);
    }
  });
  process.send!('started');
  process.once('message', async () => {
    running = false;
    await Promise.all(loops);
    process.send!(samples, () => process.exit(0));
  });
});

// Runs several test files in one node process, one file after the other, as if each had its own:
// a file's root tests are named after it, and its root teardowns (the service startService
// registered, its pools, its database) run when its own tests have ended, last registered first,
// before the next file loads. Starting node, tap and the service's modules was most of the CPU of a
// small file; test/support/run-files.ts bundles the files that need no process of their own.
import t from 'tap';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Teardown = () => unknown;

const test = t.test.bind(t);

async function runFile(file: string): Promise<void> {
  const name = path.relative('dist/test', file).replace(/\.test\.js$/, '');
  const started: Promise<unknown>[] = [];
  const teardowns: Teardown[] = [];
  t.test = ((title: unknown, ...rest: unknown[]) => {
    // t.test(fn) names the test after its function; the file still names it here.
    const args = typeof title === 'string' ? [`${name}: ${title}`, ...rest] : [name, title, ...rest];
    const running = (test as (...a: unknown[]) => Promise<unknown>)(...args);
    started.push(running);
    return running;
  }) as typeof t.test;
  t.teardown = ((fn: Teardown) => void teardowns.push(fn)) as typeof t.teardown;
  try {
    await import(pathToFileURL(path.resolve(file)).href);
  } catch (error) {
    test(`${name}: loads`, async (t) => t.error(error));
  }
  // A test may add root tests while it runs: wait until none is left.
  for (let settled = 0; settled < started.length; settled = started.length) await Promise.all(started);
  for (const fn of teardowns.reverse()) {
    try {
      await fn();
    } catch (error) {
      test(`${name}: teardown`, async (t) => t.error(error));
    }
  }
}

for (const file of process.argv.slice(2)) await runFile(file);

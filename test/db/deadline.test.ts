import t from 'tap';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startDeadline } from '../../src/db/deadline.js';
import { createPool } from '../../src/db/pool.js';
import { databaseUrl } from '../support/harness.js';

// A collection on demand: the flag makes `gc` a global of every context created after it.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

t.test('a cleared deadline keeps nothing of its request alive, however long the deadline itself lives', async (t) => {
  const sql = createPool(databaseUrl(), 1);
  t.teardown(() => sql.end({ timeout: 1 }));
  const deadline = startDeadline(60_000);
  let rows: object | undefined = await deadline.race(deadline.guard(sql)`select g as n, repeat('x', 100) as filler from generate_series(1, 100) g`);
  const answer = new WeakRef(rows);
  rows = undefined;
  deadline.clear();
  await new Promise((resolve) => setImmediate(resolve));
  collect();
  t.equal(answer.deref(), undefined, 'the rows it raced are collected');
  t.equal(deadline.passed, false, 'while the deadline is still reachable');
});

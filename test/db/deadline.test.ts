import t from 'tap';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startDeadline } from '../../src/db/deadline.js';
import { createPool } from '../../src/db/pool.js';
import { transaction } from '../../src/db/transaction.js';
import { write } from '../../src/db/write.js';
import { databaseUrl } from '../support/harness.js';

// A collection on demand: the flag makes `gc` a global of every context created after it.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (options?: { type: 'minor' }) => void;

t.test('a cleared deadline keeps nothing of its request alive, however long the deadline itself lives', async (t) => {
  const sql = createPool(databaseUrl(), 1);
  t.teardown(() => sql.end({ timeout: 1 }));
  const deadline = startDeadline(60_000);
  let rows: object | undefined = await deadline.race(sql`select g as n, repeat('x', 100) as filler from generate_series(1, 100) g`);
  const answer = new WeakRef(rows!);
  rows = undefined;
  deadline.clear();
  await new Promise((resolve) => setImmediate(resolve));
  collect();
  t.equal(answer.deref(), undefined, 'the rows it raced are collected');
  t.equal(deadline.passed, false, 'while the deadline is still reachable');
});

t.test('the time left shrinks to 0 and then check throws the 503', async (t) => {
  const deadline = startDeadline(50);
  t.ok(deadline.left > 0 && deadline.left <= 50);
  t.doesNotThrow(() => deadline.check());
  await new Promise((resolve) => setTimeout(resolve, 80));
  t.equal(deadline.left, 0);
  t.throws(() => deadline.check(), { code: 'service_unavailable' });
  deadline.clear();
});

t.test('a write\'s statements carry the time left: Postgres cancels one that outlasts it, and the connection is free again', async (t) => {
  const sql = createPool(databaseUrl(), 1);
  t.teardown(() => sql.end({ timeout: 1 }));
  const deadline = startDeadline(300);
  const outcome = await write(sql, deadline, (tx) => tx`select pg_sleep(5)`, () => []).then(() => 'finished', (e: { code?: string }) => e.code);
  t.equal(outcome, '57014', 'cancelled by the statement timeout');
  deadline.clear();
  const [row] = await sql`select current_setting('statement_timeout') as timeout`;
  t.equal(row!['timeout'], '0', 'the timeout was the transaction\'s own: the connection is back, out of it');
});

t.test('a write whose deadline passed while it waited for a connection begins nothing', async (t) => {
  const sql = createPool(databaseUrl(), 1);
  t.teardown(() => sql.end({ timeout: 1 }));
  const holder = await sql.reserve();
  const deadline = startDeadline(50);
  let ran = false;
  const writing = write(sql, deadline, async () => void (ran = true), () => []).then(() => 'written', (e: { code?: string }) => e.code);
  await new Promise((resolve) => setTimeout(resolve, 100));
  holder.release();
  t.equal(await writing, 'service_unavailable');
  t.notOk(ran, 'its work never ran');
  t.equal(await transaction(sql, async (tx) => (await tx`select 1 as one`)[0]!['one']), 1, 'and the connection went back to the pool');
});

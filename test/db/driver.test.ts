// The contract of postgres.js internals that src/db/driver.ts relies on, against the real server:
// an upgrade of the pinned `postgres` that changes one of them fails here, not in production.
import t from 'tap';
import postgres, { type Sql, type TransactionSql } from 'postgres';
import { cancel, Closing, inert, nothing, observe, plannedPerRun } from '../../src/db/driver.js';
import { createPool } from '../../src/db/pool.js';
import { databaseUrl } from '../support/harness.js';
import { countWrites } from '../support/postgres-writes.js';

const sent: string[] = [];
const sql = postgres(databaseUrl(), { max: 3, onnotice: () => {}, debug: (_c, query) => sent.push(query) });
const other = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
t.teardown(async () => {
  await sql.end({ timeout: 1 });
  await other.end({ timeout: 1 });
});

t.test('onexecute hands over the connection, whose onclose is called when it closes (transaction)', async (t) => {
  const tx = await sql.reserve();
  let closed = false;
  let handed = false;
  const watch = (connection: { onclose?: () => void }) => {
    handed = typeof connection === 'object' && connection !== null;
    connection.onclose = () => {
      closed = true;
    };
    return true;
  };
  const [row] = await tx.unsafe('select pg_backend_pid() as pid', [], { onexecute: watch } as object);
  const pid = row!['pid'] as number;
  t.ok(handed, 'onexecute was called with the connection');
  t.notOk(closed);
  await other`select pg_terminate_backend(${pid})`;
  const deadline = Date.now() + 2000;
  while (!closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  t.ok(closed, 'the connection\'s onclose ran when the server ended it');
  // Not released: like the driver, a connection that is gone is not handed back to the pool.
});

t.test('a query runs when first awaited, through its own then (observe)', async (t) => {
  const seen: string[] = [];
  const watched = observe(sql, (_query, run) => {
    seen.push('ran');
    return run();
  });
  const marker = `select 'lazy-${Date.now()}' as v`;
  const query = watched.unsafe(marker);
  await new Promise((r) => setTimeout(r, 50));
  t.notOk(sent.includes(marker), 'not sent before it is awaited');
  t.same(seen, []);
  const [row] = await query;
  t.match(row, { v: /^lazy-/ });
  t.same(seen, ['ran'], 'the observer saw it once');
  await watched`select 1`.catch(() => {});
  t.same(seen, ['ran', 'ran'], 'catch goes through the observed then');
  const fragment = watched`and true`;
  await watched`select 1 where true ${fragment}`;
  t.same(seen, ['ran', 'ran', 'ran'], 'a fragment is not run on its own');
});

t.test('a query whose options.prepare is false runs as an unnamed statement, its parameters bound (plannedPerRun)', async (t) => {
  const one = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  t.teardown(() => one.end({ timeout: 1 }));
  const named = () => one.unsafe<{ statement: string }[]>(`select statement from pg_prepared_statements where statement like '%planned_per_run%'`);
  for (let run = 0; run < 6; run++) {
    const [row] = await plannedPerRun(one`select ${'run '}::text || ${run}::int as planned_per_run`);
    t.equal(row!['planned_per_run'], `run ${run}`);
  }
  t.same(await named(), [], 'never prepared under a name');
  await one`select ${'run'}::text as planned_per_run`;
  t.equal((await named()).length, 1, 'the same connection prepares a query left as it is');
});

t.test('a query\'s canceller cancels a statement the server runs, and returns its promise (cancel)', async (t) => {
  const q = sql`select pg_sleep(10)`;
  const running = q.then(() => 'finished', (e: { code?: string }) => e.code);
  await new Promise((r) => setTimeout(r, 200));
  t.type((q as unknown as { canceller?: unknown }).canceller, 'function', 'the canceller is there');
  const started = Date.now();
  cancel(q);
  t.equal(await running, '57014', 'cancelled by the server');
  t.ok(Date.now() - started < 1000, 'at once');
  t.equal((q as unknown as { canceller?: unknown }).canceller, null, 'used once');
});

t.test('cancel against a server that is gone neither throws nor rejects unhandled', async (t) => {
  const gone = postgres('postgres://nobody@127.0.0.1:1/none', { max: 1, connect_timeout: 1, onnotice: () => {} });
  const q = gone`select 1`;
  const outcome = q.then(() => 'ok', (e: { code?: string }) => e.code);
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  // Pretend it was sent, so the canceller opens a connection of its own, which fails.
  Object.assign(q as object, { state: { pid: 1, secret: 1 }, active: true });
  cancel(q);
  await new Promise((r) => setTimeout(r, 1500));
  process.off('unhandledRejection', onUnhandled);
  t.same(unhandled, [], 'nothing rejected unhandled');
  await outcome;
  await gone.end({ timeout: 0 });
});

/** Round trips to the server while `during` runs. */
async function writesDuring(during: () => Promise<unknown>): Promise<number> {
  const count = countWrites(Number(new URL(databaseUrl()).port));
  try {
    await during();
  } finally {
    count.stop();
  }
  return count.writes;
}

t.test('a transaction\'s last statements go out with COMMIT, in order, in one write (Closing, sendInOrder)', async (t) => {
  const pool = createPool(databaseUrl(), 1);
  const table = `closing_${process.pid}`;
  await pool.unsafe(`create table ${table} (n serial primary key, label text not null)`);
  t.teardown(async () => {
    await pool.unsafe(`drop table ${table}`);
    await pool.end({ timeout: 1 });
  });
  const insert = (tx: Sql | TransactionSql, label: string) => tx`insert into ${tx(table)} (label) values (${label})`;
  const write = (labels: string[]) => pool.begin(async (tx) => {
    await insert(tx, labels[0]!);
    return new Closing(labels.length, () => labels.slice(1).map((label) => insert(tx, label)));
  }).then((done) => done.committed);

  await write(['warm', 'warm', 'warm']); // the statements are prepared: the next run describes nothing
  t.equal(await writesDuring(() => write(['a', 'b', 'c', 'd'])), 2, 'BEGIN with the first insert, then the three last ones with COMMIT');
  const rows = await pool<{ label: string }[]>`select label from ${pool(table)} where label <> 'warm' order by n`;
  t.same(rows.map((r) => r.label), ['a', 'b', 'c', 'd'], 'committed, in the order made');

  await t.rejects(pool.begin(async (tx) => {
    await insert(tx, 'e');
    return new Closing(0, () => [insert(tx, 'f'), tx`select 1 / 0`, insert(tx, 'g')]);
  }), { code: '22012' }, 'the failing statement\'s own error, not the aborted ones\' after it');
  await t.rejects(pool.begin(async (tx) => {
    await insert(tx, 'h');
    return new Closing(0, () => {
      throw new Error('too late');
    });
  }), /too late/);
  const after = await pool<{ label: string }[]>`select label from ${pool(table)} where label in ('e', 'f', 'g', 'h')`;
  t.same(after, [], 'neither transaction committed anything');
  const [{ pid }] = await pool<[{ pid: number }]>`select pg_backend_pid() as pid`;
  const [{ state }] = await other<[{ state: string }]>`select state from pg_stat_activity where pid = ${pid}`;
  t.equal(state, 'idle', 'the connection went back to the pool outside any transaction');

  const own = await sql.begin(async (tx) => new Closing(1, () => [insert(tx, 'i')]));
  t.throws(() => own.committed, /begin it through transaction\(\)/, 'postgres.js\'s own begin would drop them: the value is refused');
});

t.test('a fragment made by a pool that never connects fits any query, as often as it is used (inert, nothing)', async (t) => {
  const matched = inert`and n > ${1}`;
  const first = await sql`select n from generate_series(1, 3) n where true ${matched} ${nothing} order by n`;
  const again = await other`select n from generate_series(1, 3) n where true ${nothing} ${matched} ${nothing} order by n`;
  t.same(first.map((r) => r['n']), [2, 3], 'its text and its parameter are the query\'s');
  t.same(again.map((r) => r['n']), [2, 3], 'and again, in another pool\'s query');
  t.same((await sql`select 1 as one ${nothing}`).map((r) => r['one']), [1], 'the empty fragment adds nothing');
  // A column list, as a store's selection is made: escaped when the query that holds it is built.
  const columns = inert`${inert(['n', 'Mixed Case'])}`;
  const rows = await other`select ${columns} from (select 1 as n, 2 as "Mixed Case") t`;
  t.same(rows, [{ n: 1, 'Mixed Case': 2 }], 'a column list in it is the query\'s columns');
  t.same(await sql`select ${columns} from (select 3 as n, 4 as "Mixed Case") t`, [{ n: 3, 'Mixed Case': 4 }], 'in any pool');
});

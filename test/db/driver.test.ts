// The contract of postgres.js internals that src/db/driver.ts relies on, against the real server:
// an upgrade of the pinned `postgres` that changes one of them fails here, not in production.
import t from 'tap';
import { spawn } from 'node:child_process';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import postgres, { type Sql, type TransactionSql } from 'postgres';
import { fragment, nothing, plannedPerRun, watchConnection } from '../../src/db/driver.js';
import { transaction } from '../../src/db/transaction.js';
import { createPool } from '../../src/db/pool.js';
import { cursorSigner } from '../../src/operations/cursors.js';
import { page } from '../../src/operations/paging.js';
import { databaseUrl } from '../support/harness.js';
import { countWrites } from '../support/postgres-writes.js';

// A collection on demand: the flag makes `gc` a global of every context created after it.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (options?: { type: 'minor' }) => void;

const sent: string[] = [];
const sql = postgres(databaseUrl(), { max: 3, onnotice: () => {}, debug: (_c, query) => sent.push(query) });
const other = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
t.teardown(async () => {
  await sql.end({ timeout: 1 });
  await other.end({ timeout: 1 });
});

t.test('onexecute hands over the connection, whose onclose is called when it closes (watchConnection)', async (t) => {
  const tx = await sql.reserve();
  const connection = watchConnection();
  const [row] = await tx.unsafe('select pg_backend_pid() as pid', [], connection.options);
  const pid = row!['pid'] as number;
  t.notOk(connection.gone);
  await other`select pg_terminate_backend(${pid})`;
  const deadline = Date.now() + 2000;
  while (!connection.gone && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  t.ok(connection.gone, 'the connection\'s onclose ran when the server ended it');
  // Not released: like the driver, a connection that is gone is not handed back to the pool.
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

t.test('a transaction\'s last statements go out with COMMIT, in order, in one write (transaction, sendInOrder)', async (t) => {
  const pool = createPool(databaseUrl(), 1);
  const table = `closing_${process.pid}`;
  await pool.unsafe(`create table ${table} (n serial primary key, label text not null)`);
  t.teardown(async () => {
    await pool.unsafe(`drop table ${table}`);
    await pool.end({ timeout: 1 });
  });
  const insert = (tx: Sql | TransactionSql, label: string) => tx`insert into ${tx(table)} (label) values (${label})`;
  const write = (labels: string[]) => transaction(pool, async (tx) => {
    await insert(tx, labels[0]!);
    return labels.length;
  }, { last: (_, tx) => labels.slice(1).map((label) => insert(tx, label)) });

  await write(['warm', 'warm', 'warm']); // the statements are prepared: the next run describes nothing
  t.equal(await writesDuring(() => write(['a', 'b', 'c', 'd'])), 2, 'BEGIN with the first insert, then the three last ones with COMMIT');
  const rows = await pool<{ label: string }[]>`select label from ${pool(table)} where label <> 'warm' order by n`;
  t.same(rows.map((r) => r.label), ['a', 'b', 'c', 'd'], 'committed, in the order made');

  await t.rejects(transaction(pool, (tx) => insert(tx, 'e'), {
    last: (_, tx) => [insert(tx, 'f'), tx`select 1 / 0`, insert(tx, 'g')],
  }), { code: '22012' }, 'the failing statement\'s own error, not the aborted ones\' after it');
  await t.rejects(transaction(pool, (tx) => insert(tx, 'h'), {
    last: () => {
      throw new Error('too late');
    },
  }), /too late/);
  const after = await pool<{ label: string }[]>`select label from ${pool(table)} where label in ('e', 'f', 'g', 'h')`;
  t.same(after, [], 'neither transaction committed anything');
  const [{ pid }] = await pool<[{ pid: number }]>`select pg_backend_pid() as pid`;
  const [{ state }] = await other<[{ state: string }]>`select state from pg_stat_activity where pid = ${pid}`;
  t.equal(state, 'idle', 'the connection went back to the pool outside any transaction');
});

t.test('a fragment made by a pool that never connects fits any query, as often as it is used (fragment, nothing)', async (t) => {
  const matched = fragment`and n > ${1}`;
  const first = await sql`select n from generate_series(1, 3) n where true ${matched} ${nothing} order by n`;
  const again = await other`select n from generate_series(1, 3) n where true ${nothing} ${matched} ${nothing} order by n`;
  t.same(first.map((r) => r['n']), [2, 3], 'its text and its parameter are the query\'s');
  t.same(again.map((r) => r['n']), [2, 3], 'and again, in another pool\'s query');
  t.same((await sql`select 1 as one ${nothing}`).map((r) => r['one']), [1], 'the empty fragment adds nothing');
  // A column list, as a store's selection is made: escaped when the query that holds it is built.
  const columns = fragment`${fragment(['n', 'Mixed Case'])}`;
  const rows = await other`select ${columns} from (select 1 as n, 2 as "Mixed Case") t`;
  t.same(rows, [{ n: 1, 'Mixed Case': 2 }], 'a column list in it is the query\'s columns');
  t.same(await sql`select ${columns} from (select 3 as n, 4 as "Mixed Case") t`, [{ n: 3, 'Mixed Case': 4 }], 'in any pool');
});

t.test('an unhandled rejection that is a connection failure (the array types\' fetch) is dropped; any other still ends the process', async (t) => {
  const driver = new URL('../../src/db/driver.js', import.meta.url).href;
  const run = (code: string) => new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', `
      const { absorbTypeFetchFailures } = await import(${JSON.stringify(driver)});
      absorbTypeFetchFailures();
      Promise.reject(Object.assign(new Error('gone'), { code: ${JSON.stringify(code)} }));
      setTimeout(() => process.exit(0), 200);
    `], { stdio: 'ignore' });
    child.on('exit', resolve);
  });
  t.equal(await run('ECONNREFUSED'), 0, 'ECONNREFUSED: the process lives on');
  t.equal(await run('CONNECTION_CLOSED'), 0, 'CONNECTION_CLOSED: the process lives on');
  t.not(await run('23505'), 0, 'any other rejection ends it');
});

// Why a list empties the rows it shaped (src/operations/paging.ts `release`): a postgres.js query
// assigns two arrow functions to its own properties, which V8 allocates in the old generation.
// Those dead functions keep the query, and its rows, alive through every young collection until a
// full one. Each round reads 400 rows in a short-lived function and then forces two young
// collections, which promote whatever survives. Should a postgres.js upgrade stop doing so, the
// first assertion fails, and `release` can go.
t.test('rows a list has shaped into its page do not reach V8\'s old generation', async (t) => {
  const pool = createPool(databaseUrl(), 1);
  t.teardown(() => pool.end({ timeout: 1 }));
  const ctx = { operationId: 'test.rows.list', workspace: { id: '1' }, cursors: cursorSigner(Buffer.alloc(32)) };
  const minor = () => {
    collect({ type: 'minor' });
    collect({ type: 'minor' });
  };
  const oldSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;
  const read = () => pool<{ n: number; filler: string }[]>`select g as n, repeat('x', 100) as filler from generate_series(1, 400) g`;
  const request = async (paged: boolean) => {
    const rows = await read();
    if (paged) JSON.stringify(page(ctx, { limit: 399 }, rows, (r) => [String(r.n)]));
  };
  const growthPerRequest = async (paged: boolean) => {
    for (let i = 0; i < 5; i++) await request(paged); // compiled and prepared before measuring
    let grown = 0;
    for (let i = 0; i < 10; i++) {
      minor();
      const before = oldSpace();
      await request(paged);
      await new Promise((resolve) => setTimeout(resolve, 10));
      minor();
      grown += oldSpace() - before;
    }
    collect();
    return grown / 10;
  };
  const rowsSize = 400 * 150;
  const kept = await growthPerRequest(false);
  const released = await growthPerRequest(true);
  t.ok(kept > rowsSize / 2, `a plain query's rows reach the old generation (${Math.round(kept / 1024)} KB a query)`);
  t.ok(released < rowsSize / 4, `a page's, once shaped, do not (${Math.round(released / 1024)} KB a page)`);
});

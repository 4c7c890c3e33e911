// A serving pool after an outage: `current` is a fresh postgres.js pool, the one it replaced
// finishes what it holds, and ending the serving pool ends both.
import t from 'tap';
import { servingPool } from '../../src/db/pool.js';
import { databaseUrl } from '../support/harness.js';

const backend = async (sql: typeof pool.current) => Number((await sql<{ pid: number }[]>`select pg_backend_pid() as pid`)[0]!.pid);
const pool = servingPool(databaseUrl(), 1);

t.test('renew swaps the pool that `current` names; the old one finishes its query; end ends both', async (t) => {
  const old = pool.current;
  const oldBackend = await backend(old);
  const running = old`select pg_sleep(0.2), 1 as answer`;
  pool.renew();
  t.not(pool.current, old, 'current is another pool');
  t.not(await backend(pool.current), oldBackend, 'on another connection');
  t.same((await running).map((row) => row.answer), [1], 'a query under way on the old pool still answers');
  await pool.end({ timeout: 1 });
  for (const [name, sql] of [['the old pool', old], ['the new pool', pool.current]] as const) {
    await t.rejects(sql`select 1`, { code: 'CONNECTION_ENDED' }, `${name} is ended`);
  }
});

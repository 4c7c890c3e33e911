// Why a list empties the rows it shaped (src/operations/paging.ts `release`): a postgres.js query
// assigns two arrow functions to its own properties, which V8 allocates in the old generation.
// Those dead functions keep the query, and its rows, alive through every young collection until a
// full one. Each round reads 400 rows in a short-lived function and then forces two young
// collections, which promote whatever survives. Should a postgres.js upgrade stop doing so, the
// first assertion fails, and `release` can go.
import t from 'tap';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createPool } from '../../src/db/pool.js';
import { cursorSigner } from '../../src/operations/cursors.js';
import { page } from '../../src/operations/paging.js';
import { databaseUrl } from '../support/harness.js';

// A collection on demand: the flag makes `gc` a global of every context created after it.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (options?: { type: 'minor' }) => void;

t.test('rows a list has shaped into its page do not reach V8\'s old generation', async (t) => {
  const sql = createPool(databaseUrl(), 1);
  t.teardown(() => sql.end({ timeout: 1 }));
  const ctx = { operationId: 'test.rows.list', workspace: { id: '1' }, cursors: cursorSigner(Buffer.alloc(32)) };
  const minor = () => {
    collect({ type: 'minor' });
    collect({ type: 'minor' });
  };
  const oldSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;
  const read = () => sql<{ n: number; filler: string }[]>`select g as n, repeat('x', 100) as filler from generate_series(1, 400) g`;
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

t.test('a page empties the rows it shaped and keeps its own', async (t) => {
  const ctx = { operationId: 'test.rows.list', workspace: { id: '1' }, cursors: cursorSigner(Buffer.alloc(32)) };
  const rows = [{ id: '1' }, { id: '2' }, { id: '3' }];
  const reply = page(ctx, { limit: 2 }, rows, (r) => [r.id]);
  t.same(reply.data, [{ id: '1' }, { id: '2' }]);
  t.type((reply.meta as { next_cursor: unknown }).next_cursor, 'string');
  t.same(rows, [], 'the rows array is empty');
});

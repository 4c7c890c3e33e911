// A list empties the rows it shaped (src/operations/paging.ts `release`); why, with its measure, is
// test/db/driver.test.ts (a postgres.js query keeps its rows until a full collection).
import t from 'tap';
import { cursorSigner } from '../../src/operations/cursors.js';
import { page } from '../../src/operations/paging.js';

t.test('a page empties the rows it shaped and keeps its own', async (t) => {
  const ctx = { operationId: 'test.rows.list', workspace: { id: '1' }, cursors: cursorSigner(Buffer.alloc(32)) };
  const rows = [{ id: '1' }, { id: '2' }, { id: '3' }];
  const reply = page(ctx, { limit: 2 }, rows, (r) => [r.id]);
  t.same(reply.data, [{ id: '1' }, { id: '2' }]);
  t.type((reply.meta as { next_cursor: unknown }).next_cursor, 'string');
  t.same(rows, [], 'the rows array is empty');
});

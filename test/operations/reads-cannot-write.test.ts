// A read cannot reach a store command, by type: each `@ts-expect-error` below fails the test build
// if its line ever compiles. The rows are never served; the table check shows the real reads share
// the shape.
import t from 'tap';
import * as v from 'valibot';
import { defineOperation } from '../../src/operations/operation.js';
import { operations } from '../../src/operations/index.js';
import { members } from '../../src/resources/members.js';

export const misusedRead = defineOperation({
  summary: 'a read that tries to write', method: 'GET', path: '/v1/club/samples', scope: null,
  response: v.unknown(),
  async handler(ctx) {
    // @ts-expect-error a read has no unit of work
    await members.insert(ctx.unit, { club_id: ctx.workspace.id });
    // @ts-expect-error the pool cannot pose as a write's transaction
    await members.insert({ sql: ctx.db, workspace: ctx.workspace, record: () => {} }, { club_id: ctx.workspace.id });
    // @ts-expect-error nor is there a locked row to update
    await members.update(ctx.unit, ctx.locked);
    return { data: await members.get(ctx.db, ctx.workspace, '1') };
  },
});

export const write = defineOperation({
  summary: 'a write has one name for its transaction', method: 'POST', path: '/v1/club/samples', scope: null,
  body: v.object({}), response: v.unknown(),
  async handler(ctx) {
    // @ts-expect-error a write reaches its transaction through its unit only
    await ctx.sql`select 1`;
    // @ts-expect-error nor does it get the pool
    await ctx.db`select 1`;
    return { data: await members.insert(ctx.unit, { club_id: ctx.workspace.id }) };
  },
});

t.test('every GET of the table is a read: no lock, no body, no transition', async (t) => {
  const reads = operations.filter((op) => op.method === 'GET');
  t.equal(reads.length, 41);
  for (const op of reads) t.ok(op.lock === undefined && op.body === undefined && op.transition === undefined, op.id);
});

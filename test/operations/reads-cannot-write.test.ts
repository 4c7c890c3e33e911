// A read cannot reach a store command, by type: each `@ts-expect-error` below fails the test build
// if its line ever compiles. The misused rows are never served; the table check shows the real
// reads share the shape. What a cast gets past, Postgres refuses: a read runs on a read-only session.
import t from 'tap';
import type { Sql } from 'postgres';
import * as v from 'valibot';
import { defineOperation, named } from '../../src/operations/operation.js';
import { operations } from '../../src/operations/index.js';
import { members } from '../../src/resources/members.js';
import { createClub, createMember } from '../support/factories.js';
import { startService } from '../support/harness.js';

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
    // @ts-expect-error a read cannot open a transaction
    await ctx.db.begin(async () => {});
    // @ts-expect-error nor hold a connection of its own
    await ctx.db.reserve();
    // @ts-expect-error nor run unchecked text
    await ctx.db.unsafe('delete from members');
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

// A read handler that forces writes past the types: each is refused by Postgres with its SQLSTATE.
const forcedWrite = named('test.forced_write.get', defineOperation({
  summary: 'a read that casts its way to writes', method: 'GET', path: '/v1/club/forced-write/{member_id}', scope: null, response: v.unknown(),
  async handler(ctx) {
    const db = ctx.db as Sql;
    const refusal = (work: Promise<unknown>) => work.then(() => 'written', (error: { code?: string }) => error.code);
    return {
      data: {
        update: await refusal(db`update members set first_name = 'Forced' where id = ${ctx.params.member_id}`),
        unsafe: await refusal(db.unsafe(`delete from members where id = $1`, [ctx.params.member_id])),
        transaction: await refusal(db.begin((tx) => tx`update members set first_name = 'Forced' where id = ${ctx.params.member_id}`)),
      },
    };
  },
}));

t.test('a write forced through a read is refused by Postgres (25006) and changes nothing', async (t) => {
  const service = await startService(t, {}, [...operations, forcedWrite]);
  const club = await createClub(service);
  const memberId = await createMember(service, club);
  const res = await club.call('GET', `/v1/club/forced-write/${memberId}`);
  t.equal(res.status, 200);
  t.same(res.body.data, { update: '25006', unsafe: '25006', transaction: '25006' });
  const [row] = await service.sql<{ n: number }[]>`select count(*)::int as n from members where id = ${memberId} and first_name <> 'Forced'`;
  t.equal(row!.n, 1, 'the member is there, unchanged');
});

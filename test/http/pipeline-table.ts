// A small operation table for testing the pipeline itself: what every real row gets for free.
import * as v from 'valibot';
import type { Sql } from 'postgres';
import { ApiError } from '../../src/errors.js';
import { defineOperation, named, type Operation } from '../../src/operations/operation.js';
import { defineStore } from '../../src/resources/store.js';
import type { ResourceType } from '../../src/resources/unit.js';
import { afterCursor, page } from '../../src/operations/paging.js';
import { emptyBody, enumFilter, listQuery, text } from '../../src/operations/schemas.js';
import meGet from '../../src/operations/me/me.get.js';
import { changesList } from '../../src/operations/changes/feed.js';

/** Creates the table the test rows write to (test files run in parallel, hence the lock). */
export async function createThingsTable(sql: Sql): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('test_things'))`;
    await tx`create table if not exists test_things (
      federation_id bigint not null, id bigint generated always as identity, club_id bigint not null, name text not null, color text,
      version integer not null default 1, created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
      primary key (federation_id, id))`;
  });
}

const thing = v.object({ id: v.string(), name: v.string(), color: v.nullable(v.string()), version: v.number() });
const cols = (sql: any) => sql`id, name, color, version`;

/** A resource only the tests know, written through the same store commands as real ones. */
const things = defineStore<{ id: string; name: string; color: string | null; version: number }>({
  type: 'thing' as ResourceType,
  table: 'test_things',
  columns: ['id', 'name', 'color', 'version'],
  visible: (sql, ws) => sql`club_id = ${ws.id}`,
  audience: (_row, ws) => ({ workspaces: [ws.id] }),
});

export const table: Operation[] = [
  named('me.get', meGet),
  named('club.changes.list', changesList('club')),
  named('club.things.create', defineOperation({
    summary: 'test', method: 'POST', path: '/v1/club/things', scope: 'club:members:write',
    body: v.strictObject({ name: text(1, 10), color: v.optional(v.nullable(v.picklist(['red', 'blue']))) }),
    response: thing,
    async handler(ctx) {
      const row = await things.insert(ctx.unit, { club_id: ctx.workspace.id, name: ctx.body.name, color: ctx.body.color ?? null });
      return { status: 201, data: row, location: `/v1/club/things/${row.id}` };
    },
  })),
  named('club.things.get', defineOperation({
    summary: 'test', method: 'GET', path: '/v1/club/things/{thing_id}', scope: 'club:members:read',
    response: thing,
    async handler(ctx) {
      const [row] = await ctx.db`select ${cols(ctx.db)} from test_things where id = ${ctx.params.thing_id} and club_id = ${ctx.workspace.id}`;
      if (!row) throw new ApiError('not_found', 'no such thing');
      return { data: row };
    },
  })),
  named('club.things.update', defineOperation({
    summary: 'test', method: 'PATCH', path: '/v1/club/things/{thing_id}', scope: 'club:members:write',
    body: v.strictObject({ color: v.optional(v.nullable(v.picklist(['red', 'blue']))) }), response: thing,
    lock: { store: things, param: 'thing_id' },
    async handler(ctx) {
      return { data: await things.update(ctx.unit, ctx.locked, ctx.body.color === undefined ? {} : { color: ctx.body.color }) };
    },
  })),
  named('club.things.list', defineOperation({
    summary: 'test', method: 'GET', path: '/v1/club/things', scope: 'club:members:read',
    query: listQuery({ color: enumFilter(['red', 'blue'] as const) }), response: thing, list: true,
    async handler(ctx) {
      const after = afterCursor(ctx, ctx.query)?.[0] ?? '0';
      const rows = await ctx.db`select ${cols(ctx.db)} from test_things where club_id = ${ctx.workspace.id} and id > ${after}
        ${ctx.query.color ? ctx.db`and color = ${ctx.query.color}` : ctx.db``} order by id limit ${ctx.query.limit + 1}`;
      return page(ctx, ctx.query, rows, (r) => [r.id]);
    },
  })),
  named('club.things.boom', defineOperation({
    summary: 'test', method: 'POST', path: '/v1/club/boom', scope: null, body: emptyBody, response: v.object({}),
    async handler() {
      throw new Error('secret internal detail');
    },
  })),
];

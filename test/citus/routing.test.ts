// The routing check (test/support/citus-routing.ts) sees what Citus sends to more than one shard:
// a tenant table read without federation_id is reported, the same read filtered by it is not, nor
// a reference table's, nor another database's statements.
import t from 'tap';
import postgres from 'postgres';
import { privateCitusDatabase } from '../support/citus.js';
import { multiShardStatements, resetRouting } from '../support/citus-routing.js';
import { databaseUrl } from '../support/harness.js';

const connect = (url: string) => {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  t.teardown(() => sql.end());
  return sql;
};
const sql = connect(await privateCitusDatabase(t, 'routing'));
const neighbour = connect(databaseUrl());

t.test('a tenant statement without federation_id is reported; with it, and on a reference table, not', async (t) => {
  await resetRouting(sql);
  await sql`select count(*) from members where federation_id = 1`;
  await sql`select count(*) from workspaces`;
  await sql`update workspaces set name = name where id = -1`;
  await sql`update members set version = version where federation_id = 1`;
  t.same(await multiShardStatements(sql), [], 'one shard each');
  await sql`select count(*) from members`;
  await sql`select count(*) from members`;
  await sql`update members set version = version where version < 0`;
  t.same(await multiShardStatements(sql), ['select count(*) from members', 'update members set version = version where version < 0'], 'each once, in order');
});

t.test('a reset forgets what came before; another database\'s statements never count', async (t) => {
  await sql`select count(*) from members`;
  await resetRouting(sql);
  await neighbour`select count(*) from members`;
  t.same(await multiShardStatements(sql), []);
  t.ok((await multiShardStatements(neighbour)).includes('select count(*) from members'), 'the other database sees its own');
});

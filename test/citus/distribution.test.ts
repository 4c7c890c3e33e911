// Where every table lives on the Citus lane's cluster (src/db/distribute.ts): the tenant tables
// distributed by federation_id in one co-location group, the installation's tables reference
// tables, the coordinator's own tables untouched by Citus; a tenant's statement routed to one
// shard; and the distribute step run again, or after a later migration, doing only what is new.
import t from 'tap';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { coordinatorTables, referenceTables } from '../../src/db/distribute.js';
import { listMigrations, migrate, migrationsDir } from '../../src/db/migrate.js';
import { privateCitusDatabase } from '../support/citus.js';
import { databaseUrl } from '../support/harness.js';

const connect = (url: string) => {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  t.teardown(() => sql.end());
  return sql;
};
const sql = connect(databaseUrl());

interface Placed { table: string; hasFederationId: boolean; kind: string | null; column: string | null; colocation: number | null }

/** Every table of schema public with what Citus made of it. */
const placements = (db: postgres.Sql) => db<Placed[]>`
  select c.relname as table,
    exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'federation_id' and not a.attisdropped) as "hasFederationId",
    ct.citus_table_type as kind, ct.distribution_column as column, p.colocationid as colocation
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  left join pg_dist_partition p on p.logicalrelid = c.oid
  left join citus_tables ct on ct.table_name = c.oid
  where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
  order by c.relname`;

t.test('every tenant table is distributed by federation_id, all in one co-location group', async (t) => {
  const rows = await placements(sql);
  const tenants = rows.filter((r) => r.hasFederationId && !referenceTables.includes(r.table));
  t.ok(tenants.some((r) => r.table === 'members'), 'members is a tenant table');
  for (const r of tenants) t.same([r.kind, r.column], ['distributed', 'federation_id'], r.table);
  t.same([...new Set(tenants.map((r) => r.colocation))].length, 1, 'one co-location group');
});

t.test('the installation tables are reference tables, the coordinator tables are not in Citus', async (t) => {
  const rows = await placements(sql);
  for (const table of referenceTables) t.equal(rows.find((r) => r.table === table)?.kind, 'reference', table);
  for (const table of coordinatorTables) {
    const row = rows.find((r) => r.table === table);
    t.ok(row, `${table} exists`);
    t.equal(row?.colocation, null, `${table} is absent from pg_dist_partition`);
  }
  const homeless = rows.filter((r) => !r.hasFederationId && !referenceTables.includes(r.table) && !coordinatorTables.includes(r.table));
  t.same(homeless.map((r) => r.table), [], 'every table without federation_id is on one of the lists');
});

t.test('a statement filtered by federation_id runs on one shard', async (t) => {
  const plan = (await sql`explain select * from members where federation_id = 1`).map((r) => String(r['QUERY PLAN'])).join('\n');
  t.match(plan, /Task Count: 1\b/);
  const all = (await sql`explain select count(*) from members`).map((r) => String(r['QUERY PLAN'])).join('\n');
  t.match(all, /Task Count: [2-9]/, 'without the filter it goes to every shard');
});

t.test('migrating again distributes nothing and changes nothing', async (t) => {
  const before = await placements(sql);
  t.same(await migrate(sql), [], 'no migration pending');
  t.same(await placements(sql), before);
});

t.test('tables of a later migration join the tenants\' group, with their foreign keys', async (t) => {
  const db = connect(await privateCitusDatabase(t, 'later'));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'partner-migrations-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await cp(migrationsDir, dir, { recursive: true });
  const next = (await listMigrations(dir)).length + 1;
  const file = (n: number, name: string) => path.join(dir, `${String(n).padStart(5, '0')}_${name}.sql`);
  // A new tenant table tied to a reference table (Citus makes it a local table of its own at once),
  // a second tied to the first, then a key to an existing tenant table in the next migration.
  await writeFile(file(next, 'badges'), `
    create table badges (federation_id bigint not null references workspaces (id), id bigserial, member_id bigint not null,
      primary key (federation_id, id));
    create table badge_notes (federation_id bigint not null, badge_id bigint not null, note text not null,
      foreign key (federation_id, badge_id) references badges (federation_id, id));`);
  await writeFile(file(next + 1, 'badge_members'), `
    alter table badges add constraint badges_member_fk foreign key (federation_id, member_id) references members (federation_id, id);`);
  t.equal((await migrate(db, dir)).length, 2);
  const rows = await placements(db);
  const group = rows.find((r) => r.table === 'members')!.colocation;
  for (const table of ['badges', 'badge_notes']) {
    t.same(rows.filter((r) => r.table === table).map((r) => [r.kind, r.column, r.colocation]), [['distributed', 'federation_id', group]], table);
  }
  const keys = await db`select conname, conrelid::regclass::text as table from pg_constraint
    where contype = 'f' and conrelid in ('badges'::regclass, 'badge_notes'::regclass) order by 2, 1`;
  t.same(keys.map((k) => k.table), ['badge_notes', 'badges', 'badges'], 'the keys are back: one of badge_notes, two of badges');

  await writeFile(file(next + 2, 'stamps'), `
    create table stamps (federation_id bigint not null, id bigint not null, primary key (federation_id, id));
    create function stamps_touch() returns trigger language plpgsql as $$ begin return new; end $$;
    create trigger stamps_touched before insert on stamps for each row execute function stamps_touch();`);
  await t.rejects(migrate(db, dir), /Citus refuses tables with triggers: stamps \(stamps_touched\)/, 'a trigger is named, not run on a worker');
  await writeFile(file(next + 3, 'no_stamps'), 'drop table stamps;');
  t.equal((await migrate(db, dir)).length, 1, 'the next migration mends it');
  await writeFile(file(next + 4, 'homeless'), 'create table homeless (id bigint primary key);');
  await t.rejects(migrate(db, dir), /no place on Citus for homeless: a table needs federation_id/);
});

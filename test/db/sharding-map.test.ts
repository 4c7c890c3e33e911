// The sharding map of the operator's guide (bin/README.md, "Running at scale") is what the catalog says: every table,
// whether it carries federation_id, and whether its primary key and unique keys include it.
import t from 'tap';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { databaseUrl } from '../support/harness.js';
import { root } from '../support/processes.js';

const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
t.teardown(() => sql.end());

const yesNo = (b: boolean | null) => (b === null ? '–' : b ? 'yes' : 'no');

t.test('the operator guide\'s sharding map is the catalog of the migrated schema', async (t) => {
  const rows = await sql<{ table: string; unlogged: boolean; has: boolean; pk: boolean | null; uniques: string }[]>`
    select c.relname as table, c.relpersistence = 'u' as unlogged,
      exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'federation_id' and not a.attisdropped) as has,
      (select bool_and(exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attnum = any (i.indkey) and a.attname = 'federation_id'))
         from pg_index i where i.indrelid = c.oid and i.indisprimary) as pk,
      coalesce((select string_agg(ic.relname || case when exists (select 1 from pg_attribute a
           where a.attrelid = c.oid and a.attnum = any (i.indkey) and a.attname = 'federation_id') then '' else ' (without)' end, ', ' order by ic.relname)
         from pg_index i join pg_class ic on ic.oid = i.indexrelid
         where i.indrelid = c.oid and i.indisunique and not i.indisprimary), '') as uniques
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`;
  const table = rows.map((r) => `| \`${r.table}\`${r.unlogged ? ' (unlogged)' : ''} | ${yesNo(r.has)} | ${yesNo(r.pk)} | ${r.uniques || '–'} |`).join('\n');
  const guide = await readFile(path.join(root, 'bin', 'README.md'), 'utf8');
  const block = /<!-- sharding-map[^>]*-->\n\| table[^\n]*\n\|[-| ]*\n((?:\|[^\n]*\n)*)<!-- \/sharding-map -->/.exec(guide);
  t.ok(block, 'bin/README.md has the map between its markers');
  t.equal(block?.[1], `${table}\n`, 'row for row');
});

// The migration files as statements (src/db/migrate.ts): on Citus each goes alone, so a split in
// the wrong place would break a migration there. The semicolons that do not end a statement are
// those inside strings, quoted names, comments and dollar-quoted bodies.
import t from 'tap';
import { readFile } from 'node:fs/promises';
import { listMigrations, statements } from '../../src/db/migrate.js';

t.test('a file splits at the semicolons that end statements', async (t) => {
  t.same(statements('create table a (x int);\ncreate table b (y int);\n'), ['create table a (x int)', 'create table b (y int)']);
  t.same(statements("select 'x;y''z;' ; select \"q;\"\"r\""), ["select 'x;y''z;'", 'select "q;""r"'], 'strings and quoted names');
  t.same(statements("select E'it\\'s; ok'; select date '2020-01-01'"), ["select E'it\\'s; ok'", "select date '2020-01-01'"], "an E'' string's escaped quote");
  t.same(statements('-- first; not a statement\nselect 1; /* nor; this */ ;\n-- the end;\n'), ['-- first; not a statement\nselect 1'], 'comments, and empty statements dropped');
  t.same(statements('create function f() returns int language sql as $$ select 1; select 2 $$; do $x$ begin raise log \'$$;\'; end $x$'),
    ['create function f() returns int language sql as $$ select 1; select 2 $$', "do $x$ begin raise log '$$;'; end $x$"], 'dollar-quoted bodies, tagged or not');
  t.same(statements('select 2-1; select 4/2; select $1'), ['select 2-1', 'select 4/2', 'select $1'], 'a lone minus, slash or dollar is plain text');
});

t.test('every migration splits into statements that together are the file', async (t) => {
  for (const m of await listMigrations()) {
    const text = await readFile(m.file, 'utf8');
    const parts = statements(text);
    t.ok(parts.length > 0, m.name);
    const squeeze = (s: string) => s.replace(/--[^\n]*|\s|;/g, '');
    t.equal(parts.map(squeeze).join(''), squeeze(text), `${m.name}: nothing lost`);
  }
});

// Invoice and license numbers share one generator (src/resources/yearly-numbers.ts); behind it,
// their tables carry the same CHECKs, so no path can store a seven-digit or malformed number.
import t from 'tap';
import postgres from 'postgres';
import { maxSequence } from '../../src/resources/yearly-numbers.js';
import { databaseUrl } from '../support/harness.js';

const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
t.teardown(() => sql.end());

/** The CHECK definitions of a table's column, as Postgres prints them. */
async function checks(table: string, column: string): Promise<string[]> {
  const rows = await sql<{ def: string }[]>`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'c' and c.conrelid = ${table}::regclass and a.attname = ${column}`;
  return rows.map((r) => r.def).sort();
}

t.test('both counters are bounded to years 1-9999 and sequences 1-maxSequence by the same CHECKs', async (t) => {
  const bound = `CHECK (((last_number >= 1) AND (last_number <= ${maxSequence})))`;
  t.same(await checks('invoice_counters', 'last_number'), [bound]);
  t.same(await checks('license_numbers', 'last_number'), [bound]);
  t.same(await checks('license_numbers', 'year'), await checks('invoice_counters', 'year'));
  t.equal((await checks('license_numbers', 'year')).length, 1);
});

t.test('invoice and license numbers are held to the same YYYY-NNNNNN format', async (t) => {
  const formats = async (table: string) => (await checks(table, 'number')).filter((def) => def.includes('~'));
  const [format] = await formats('invoices');
  t.match(format, /\^\[0-9\]\{4\}-\[0-9\]\{6\}\$/);
  t.same(await formats('licenses'), [format]);
});

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from 'postgres';
import { citusPresent, distribute } from './distribute.js';

export const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../sql');

interface Migration { number: number; name: string; file: string }

/** `NNNNN_name.sql`, numbered 1, 2, 3… with no gap: a gap means a file went missing. */
export async function listMigrations(dir = migrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return files.map((file, index) => {
    const match = /^(\d{5})_([a-z0-9_]+)\.sql$/.exec(file);
    if (!match) throw new Error(`migration file name ${file} is not NNNNN_name.sql`);
    const number = Number(match[1]);
    if (number !== index + 1) throw new Error(`migration ${file} breaks the sequence: expected number ${index + 1}`);
    return { number, name: match[2]!, file: path.join(dir, file) };
  });
}

// One token of SQL that may hold a semicolon (a string, an E'' string, a quoted name, a comment,
// a dollar-quoted body), else a run of other characters, else one character.
const token = /[eE]'(?:[^'\\]|\\[\s\S]|'')*'|'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|(\$(?:[A-Za-z_]\w*)?\$)[\s\S]*?\1|[^'"eE\-/$;]+|[\s\S]/gy;

/** The statements of a migration file, in order: split at the semicolons between tokens, empty ones left out. */
export function statements(text: string): string[] {
  const found: string[] = [];
  let current = '';
  let blank = true; // nothing but white space and comments so far
  for (const [piece] of text.matchAll(token)) {
    if (piece === ';') {
      if (!blank) found.push(current.trim());
      current = '';
      blank = true;
    } else {
      current += piece;
      blank &&= /^(\s*|--.*|\/\*[\s\S]*)$/.test(piece);
    }
  }
  if (!blank) found.push(current.trim());
  return found;
}

/**
 * Applies pending migrations in order, each in its own transaction, then, when the `citus`
 * extension is present, distributes the tables Citus does not have yet; safe to run from many instances.
 */
export async function migrate(sql: Sql, dir = migrationsDir): Promise<string[]> {
  const migrations = await listMigrations(dir);
  const applied: string[] = [];
  const conn = await sql.reserve();
  try {
    // Index builds take long and instances wait for each other's migration: not under the pool's request limits.
    await conn.unsafe('set lock_timeout = 0; set statement_timeout = 0');
    await conn`select pg_advisory_lock(hashtext('partner-service:migrate'))`;
    await conn`create table if not exists schema_migrations (
      number integer primary key, name text not null, applied_at timestamptz not null default now())`;
    const citus = await citusPresent(conn);
    // Once the schema is on Citus, each migration's new tables get their nodes before the next
    // migration runs: Citus refuses a foreign key from a table it does not have to one it has.
    const distributed = citus && (await conn`select 1 from pg_dist_partition limit 1`).length > 0;
    const done = new Set((await conn<{ number: number }[]>`select number from schema_migrations`).map((r) => r.number));
    for (const m of migrations.filter((m) => !done.has(m.number))) {
      const text = await readFile(m.file, 'utf8');
      const record = `insert into schema_migrations (number, name) values (${m.number}, '${m.name}')`;
      // Citus forwards a DDL command's whole query string to the workers, which refuse several
      // commands in one (42601): there each statement goes alone.
      const queries = citus ? ['begin', ...statements(text), record, 'commit'] : [`begin; ${text}; ${record}; commit;`];
      try {
        for (const query of queries) await conn.unsafe(query);
      } catch (error) {
        await conn`rollback`;
        throw error;
      }
      applied.push(path.basename(m.file));
      if (distributed) await distribute(conn);
    }
    // On Citus the tables the migrations made go to their nodes, still under the lock.
    if (citus) await distribute(conn);
  } finally {
    await conn`select pg_advisory_unlock(hashtext('partner-service:migrate'))`.catch(() => {});
    await conn.unsafe('reset lock_timeout; reset statement_timeout').catch(() => {});
    conn.release();
  }
  return applied;
}

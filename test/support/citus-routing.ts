// Which statements Citus ran on more than one shard, and which errors it logged. The Citus lane's coordinator logs every
// statement whose plan has more than one task (`citus.multi_task_query_log_level = 'log'`,
// test/support/citus.ts), with the statement's text, as JSON lines (`log_destination =
// 'jsonlog'`). This reads that log through SQL (`pg_read_file`, the lane connects as superuser)
// from the point `resetRouting` marked, up to a second mark it waits for: the log is written by
// the server's logger process, after the statement's answer, and the mark proves the lines
// before it are in. Only the lines of the database `sql` is connected to count: run a scenario
// in a database of its own (privateCitusDatabase) so that the lane's other files are not in it.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Sql } from 'postgres';

interface Position { file: string; offset: number }
const since = new WeakMap<Sql, Position>();

const multiTask = 'multi-task query about to be executed';

interface LogLine { timestamp?: string; message?: string; dbname?: string; statement?: string; error_severity?: string; state_code?: string }

/** Logs a mark and waits until the logger wrote it; the log's lines from `from` to the mark. */
async function readUpToMark(sql: Sql, from?: Position): Promise<{ lines: LogLine[]; end: Position }> {
  const mark = `citus-routing mark ${randomBytes(8).toString('hex')}`;
  await sql.unsafe(`do $$ begin raise log '${mark}'; end $$`);
  const file = (await sql<{ file: string }[]>`select pg_current_logfile('jsonlog') as file`)[0]!.file;
  const offset = from?.file === file ? from.offset : 0;
  for (let tries = 0; tries < 100; tries++) {
    const text = (await sql<{ text: string }[]>`select pg_read_file(${file}, ${offset}, 1000000000) as text`)[0]!.text;
    const at = text.indexOf(`"message":${JSON.stringify(mark)}`);
    if (at >= 0) {
      const before = text.slice(0, text.lastIndexOf('\n', at) + 1);
      return {
        lines: before.split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine),
        end: { file, offset: offset + Buffer.byteLength(text.slice(0, text.indexOf('\n', at) + 1)) },
      };
    }
    await sleep(50);
  }
  throw new Error(`the coordinator's log (${file}) never showed the mark: is citus.multi_task_query_log_level on and the log jsonlog?`);
}

/** From now on: what `multiShardStatements` reports starts here. */
export async function resetRouting(sql: Sql): Promise<void> {
  since.set(sql, (await readUpToMark(sql)).end);
}

/**
 * The statements of `sql`'s database that went to more than one shard since `resetRouting`
 * (each once, in order of first run); everything the log holds without a reset.
 */
export async function multiShardStatements(sql: Sql): Promise<string[]> {
  const statements = (await linesSince(sql)).filter((l) => l.message === multiTask).map((l) => l.statement ?? '(no statement text)');
  return [...new Set(statements)];
}

/** The lines of `sql`'s database since `resetRouting`. */
async function linesSince(sql: Sql): Promise<LogLine[]> {
  const database = (await sql<{ database: string }[]>`select current_database() as database`)[0]!.database;
  return (await readUpToMark(sql, since.get(sql))).lines.filter((l) => l.dbname === database);
}

export interface LoggedError { timestamp: string; code: string; message: string; statement: string }

/**
 * The errors the coordinator logged for `sql`'s database since `resetRouting` (the whole log
 * without a reset), oldest first: what a 500 on Citus was, which the service's log leaves out.
 */
export async function coordinatorErrors(sql: Sql): Promise<LoggedError[]> {
  return (await linesSince(sql)).filter((l) => l.error_severity === 'ERROR').map((l) => ({
    timestamp: l.timestamp ?? '', code: l.state_code ?? '', message: l.message ?? '',
    statement: (l.statement ?? '(no statement text)').replace(/\s+/g, ' ').trim(),
  }));
}

/** `coordinatorErrors` as `SQLSTATE message: statement`, each once. */
export async function statementErrors(sql: Sql): Promise<string[]> {
  return [...new Set((await coordinatorErrors(sql)).map((e) => `${e.code} ${e.message}: ${e.statement}`))];
}

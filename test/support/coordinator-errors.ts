// What the Citus lane's coordinator logged as ERROR in one database: what a 500 of the service does
// not say (the message, the SQLSTATE, the statement). Read from its JSON log (`log_destination =
// 'jsonlog'`, test/support/citus.ts) through SQL: the lane connects as superuser.
import type { Sql } from 'postgres';

export interface LoggedError { timestamp: string; code: string; message: string; statement: string }

/** Every ERROR the coordinator logged in `sql`'s database, oldest first. */
export async function coordinatorErrors(sql: Sql): Promise<LoggedError[]> {
  const [{ file, database }] = await sql<[{ file: string; database: string }]>`select pg_current_logfile('jsonlog') as file, current_database() as database`;
  const [{ text }] = await sql<[{ text: string }]>`select pg_read_file(${file}) as text`;
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, string | undefined>)
    .filter((e) => e.error_severity === 'ERROR' && e.dbname === database)
    .map((e) => ({ timestamp: e.timestamp ?? '', code: e.state_code ?? '', message: e.message ?? '', statement: e.statement?.replace(/\s+/g, ' ').trim() ?? '' }));
}

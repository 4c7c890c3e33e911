// Which history of the database the service is on (sql/00022): checked at start, when the
// database answers again after an outage, and by every write before it draws a change id.
import type { Sql } from 'postgres';

/** Records the database's timeline if new; true when a new history began (a restore or a lossy failover). */
export async function followHistory(sql: Sql): Promise<boolean> {
  const [row] = await sql<[{ began: boolean }]>`select feed_history_follow() as began`;
  return row.began;
}

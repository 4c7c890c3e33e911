import type { Sql, TransactionSql } from 'postgres';

/** Tables of club-owned resources that carry a `version`. */
type ClubTable = 'members' | 'teams' | 'activities';

/**
 * A write's `currentVersion`: the row's version under a row lock, or null when the club has no
 * such row (another club's id included).
 */
export async function lockedVersion(sql: Sql | TransactionSql, table: ClubTable, clubId: string, id: string): Promise<number | null> {
  const [row] = await sql<{ version: number }[]>`
    select version from ${sql(table)} where id = ${id} and club_id = ${clubId} for update`;
  return row?.version ?? null;
}

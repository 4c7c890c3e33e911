import type { Sql, TransactionSql } from 'postgres';
import { isUnreachable } from './errors.js';

const closed = () => Object.assign(new Error('the connection closed during the transaction'), { code: 'CONNECTION_CLOSED' });

/**
 * `sql.begin` on a reserved connection that sends nothing more once the connection is gone.
 * postgres.js's own begin sends ROLLBACK on a connection that already closed, and its socket
 * write then throws from a timer, which ends the process (porsager/postgres#1208): a database
 * outage in the middle of a write must cost a 503, not the service.
 */
export async function transaction<T>(pool: Sql, options: string, work: (tx: TransactionSql) => Promise<T>): Promise<T> {
  const tx = await pool.reserve();
  let gone = false;
  // postgres.js hands the connection to `onexecute`; its `onclose` is called when it closes.
  const watch = (connection: { onclose?: () => void }) => {
    connection.onclose = () => {
      gone = true;
    };
    return true;
  };
  try {
    // BEGIN is not awaited: postgres.js sends it in one write with the work's first statement.
    // Should it fail, so does every statement after it; it is awaited before COMMIT all the same.
    const begun = tx.unsafe(`begin ${options.replace(/[^a-z ]/gi, '')}`, [], { onexecute: watch } as object).execute();
    begun.catch(() => {});
    const result = await work(tx as unknown as TransactionSql);
    await begun;
    if (gone) throw closed();
    await tx`commit`;
    tx.release();
    return result;
  } catch (error) {
    // A connection that is gone (or going: the server said so) rolled back on its own and goes
    // back to the pool when it closes; a live one is rolled back here and released.
    if (!gone && !isUnreachable(error)) {
      await tx`rollback`.catch(() => {});
      if (!gone) tx.release();
    }
    throw error;
  }
}

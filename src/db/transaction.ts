// A transaction on a connection of its own, from BEGIN to COMMIT or ROLLBACK, that sends nothing
// more once the connection is gone. postgres.js's own begin sends ROLLBACK on a connection that
// already closed, and its socket write then throws from a timer, which ends the process
// (porsager/postgres#1208): a database outage in the middle of a write must cost a 503, not the
// service. Every transaction the service opens is this one (never `sql.begin`), and a request's
// write comes here through src/db/write.ts.
import type { PendingQuery, ReservedSql, Sql, TransactionSql } from 'postgres';
import { sendInOrder, watchConnection } from './driver.js';
import { isUnreachable } from './errors.js';

export interface TransactionSteps<T> {
  /** The words after BEGIN, e.g. `isolation level serializable` (letters and spaces only). */
  mode?: string;
  /**
   * Read once the connection is reserved, before BEGIN: the transaction's statements are each
   * cancelled by Postgres past this many milliseconds (`set local statement_timeout`, sent with
   * BEGIN). It may throw instead, and then nothing is begun.
   */
  statementTimeoutMs?: () => number;
  /** A lock wait of the transaction ends past this many milliseconds (`set local lock_timeout`). */
  lockTimeoutMs?: number;
  /**
   * The work's last statements, sent with COMMIT in one round trip, made just before they are
   * sent (should it throw, nothing is sent and the transaction rolls back). Should one of them
   * fail, Postgres answers the COMMIT that follows with ROLLBACK, and that statement's error is thrown.
   */
  last?: (value: T, tx: TransactionSql) => PendingQuery<any>[];
}

const closed = () => Object.assign(new Error('the connection closed during the transaction'), { code: 'CONNECTION_CLOSED' });

export async function transaction<T>(pool: Sql, work: (tx: TransactionSql) => Promise<T>, steps: TransactionSteps<T> = {}): Promise<T> {
  const reserved = await pool.reserve();
  // The reserved connection, inside the transaction that BEGIN opens on it.
  const tx = reserved as ReservedSql & TransactionSql;
  const connection = watchConnection();
  let begun = false;
  try {
    const timeout = steps.statementTimeoutMs?.();
    const limits = [
      ...(steps.lockTimeoutMs === undefined ? [] : [`set local lock_timeout = ${Math.max(1, Math.ceil(steps.lockTimeoutMs))}`]),
      ...(timeout === undefined ? [] : [`set local statement_timeout = ${Math.max(1, Math.ceil(timeout))}`]),
    ];
    // BEGIN and the limits, one simple query, are not awaited: postgres.js sends it in one write
    // with the work's first statement. Should it fail, so does every statement after it; it is
    // awaited before COMMIT all the same. On Citus the limits are `set local` so that they reach the
    // workers with the transaction (`citus.propagate_set_commands`, src/db/pool.ts); a session's
    // setting stays on the coordinator.
    const begin = `begin ${(steps.mode ?? '').replace(/[^a-z ]/gi, '')}`;
    const beginning = tx.unsafe([begin, ...limits].join('; '), [], connection.options).simple().execute();
    begun = true;
    beginning.catch(() => {});
    const value = await work(tx);
    await beginning;
    if (connection.gone) throw closed();
    await sendInOrder([...(steps.last?.(value, tx) ?? []), tx`commit`]);
    tx.release();
    return value;
  } catch (error) {
    if (!begun) {
      tx.release();
      throw error;
    }
    // A connection that is gone (or going: the server said so) rolled back on its own and goes
    // back to the pool when it closes; a live one is rolled back here and released.
    if (!connection.gone && !isUnreachable(error)) {
      // A cancel sent for the work's last statement can land on the ROLLBACK instead: try again,
      // so the connection never goes back to the pool inside a transaction.
      const rolledBack = await tx`rollback`.then(() => true, () => tx`rollback`.then(() => true, () => false));
      if (!connection.gone && rolledBack) tx.release();
    }
    throw error;
  }
}

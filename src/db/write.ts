// A request's write, start to end: its transaction (src/db/transaction.ts) under its deadline
// (src/db/deadline.ts). The connection wait counts against the deadline; the time left then
// becomes the transaction's statement timeout, so Postgres itself ends a statement (a lock wait
// included) when the request is answered 503; and a write that outlived its request rolls back
// rather than commit unseen.
import type { PendingQuery, Sql, TransactionSql } from 'postgres';
import type { Deadline } from './deadline.js';
import { transaction } from './transaction.js';

/**
 * Runs `work` in one transaction on `pool`. `last` makes the statements that go out with COMMIT
 * (the change rows, the idempotency record), once `work` has answered.
 */
export function write<T>(
  pool: Sql, deadline: Deadline, work: (tx: TransactionSql) => Promise<T>,
  last: (value: T, tx: TransactionSql) => PendingQuery<any>[],
): Promise<T> {
  // Never longer than the pool's own statement timeout (DB_STATEMENT_TIMEOUT_MS), when it has one.
  const connection = pool.options.connection as Record<string, unknown>;
  const limit = Number(connection['statement_timeout'] ?? 0);
  const lockTimeout = Number(connection['lock_timeout'] ?? 0);
  return transaction(pool, work, {
    ...(lockTimeout > 0 ? { lockTimeoutMs: lockTimeout } : {}),
    statementTimeoutMs: () => {
      deadline.check(); // answered 503 while waiting for a connection: do not begin
      return limit > 0 ? Math.min(limit, deadline.left) : deadline.left;
    },
    last: (value, tx) => {
      deadline.check();
      return last(value, tx);
    },
  });
}

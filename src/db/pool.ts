import postgres, { type Sql, type TransactionSql } from 'postgres';
import { isUnreachable } from './errors.js';

export type { Sql };

/** Server-side limits set on every connection of a serving pool. */
export interface PoolLimits {
  lockTimeoutMs: number;
  statementTimeoutMs: number;
}

const closed = () => Object.assign(new Error('the connection closed during the transaction'), { code: 'CONNECTION_CLOSED' });

/**
 * `sql.begin` on a reserved connection that sends nothing more once the connection is gone.
 * postgres.js's own begin sends ROLLBACK on a connection that already closed, and its socket
 * write then throws from a timer, which ends the process (porsager/postgres#1208): a database
 * outage in the middle of a write must cost a 503, not the service.
 */
async function begin<T>(pool: Sql, options: string, work: (tx: TransactionSql) => Promise<T>): Promise<T> {
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
    await tx.unsafe(`begin ${options.replace(/[^a-z ]/gi, '')}`, [], { onexecute: watch } as object);
    const result = await work(tx as unknown as TransactionSql);
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

/**
 * One pool per process. bigint columns stay decimal strings (the contract's identifiers) and
 * dates stay `YYYY-MM-DD` text; timestamps become Dates, which JSON writes as RFC 3339 with ms.
 *
 * postgres.js retries a failed connection with exponential backoff up to 20 s, keeping the query
 * that triggered it: a pool that saw an outage would then answer long after the database is back.
 * The pipeline paces retries itself (src/db/availability.ts), so the pool reconnects at once.
 */
export function createPool(url: string, max: number, limits?: PoolLimits): Sql {
  const sql = postgres(url, {
    max,
    connect_timeout: 1,
    backoff: () => 0.05,
    idle_timeout: 60,
    onnotice: () => {},
    types: {
      date: { to: 1082, from: [1082], serialize: (value: string) => value, parse: (value: string) => value },
    },
    connection: {
      application_name: 'partner-service',
      ...(limits ? { lock_timeout: limits.lockTimeoutMs, statement_timeout: limits.statementTimeoutMs } : {}),
    },
  });
  const safeBegin = (options: string | ((tx: TransactionSql) => Promise<unknown>), work?: (tx: TransactionSql) => Promise<unknown>) =>
    typeof options === 'function' ? begin(sql, '', options) : begin(sql, options, work!);
  return new Proxy(sql, { get: (target, name) => (name === 'begin' ? safeBegin : Reflect.get(target, name)) });
}

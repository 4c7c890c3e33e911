import postgres, { type Sql, type TransactionSql } from 'postgres';
import { followPrimary } from './failover.js';
import { transaction } from './transaction.js';

export type { Sql };

/** Server-side limits set on every connection of a serving pool. */
export interface PoolLimits {
  lockTimeoutMs: number;
  statementTimeoutMs: number;
}

const renewal = Symbol('renew the pool');

/**
 * Swaps in a fresh set of connections; the old ones finish what they hold and are ended with
 * the pool. After the server died under them, postgres.js connections can keep its last error
 * for the next query or stop writing altogether (a cleared write timer it never resets), so an
 * outage is met with new connections rather than repaired ones.
 */
export function renewPool(sql: Sql): void {
  (sql as unknown as { [renewal]?: () => void })[renewal]?.();
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
  // Several hosts in the URL: connect to the one that takes writes (src/db/failover.ts).
  const followed = followPrimary(url);
  const open = () => postgres(followed.url, {
    max,
    ...followed.options,
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
  let current = open();
  const retired: Sql[] = [];
  const own: Record<string | symbol, unknown> = {
    begin: (options: string | ((tx: TransactionSql) => Promise<unknown>), work?: (tx: TransactionSql) => Promise<unknown>) =>
      typeof options === 'function' ? transaction(current, '', options) : transaction(current, options, work!),
    end: (options?: { timeout?: number }) => Promise.all([current, ...retired].map((s) => s.end(options))).then(() => {}),
    [renewal]: () => {
      retired.push(current);
      current = open();
    },
  };
  // A function target, so that the proxy can be called as a tagged template like the pool itself.
  return new Proxy(function pool() {} as unknown as Sql, {
    apply: (_, self, args) => Reflect.apply(current, self, args),
    get: (_, name) => (name in own ? own[name] : Reflect.get(current, name)),
  });
}

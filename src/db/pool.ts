import postgres, { type Sql } from 'postgres';
import { absorbTypeFetchFailures, poolLike } from './driver.js';
import { renewable, type RenewablePool } from './renewal.js';
import type { ReadSql } from './read-sql.js';
import { followPrimary } from './failover.js';
import { parseInstant } from './instant.js';

export type { Sql };

/** Server-side limits set on every connection of a serving pool. */
export interface PoolLimits {
  lockTimeoutMs: number;
  statementTimeoutMs: number;
}

/**
 * One pool per process. bigint columns stay decimal strings (the contract's identifiers) and
 * dates stay `YYYY-MM-DD` text; timestamps become Dates (src/db/instant.ts), which JSON writes as
 * RFC 3339 with ms.
 *
 * postgres.js retries a failed connection with exponential backoff up to 20 s, keeping the query
 * that triggered it: a pool that saw an outage would then answer long after the database is back.
 * The pipeline paces retries itself (src/db/availability.ts), so the pool reconnects at once.
 */
export function createPool(url: string, max: number, limits?: PoolLimits): Sql {
  return opener(url, max, limits)();
}

/** `createPool`'s pool, renewed after an outage (src/db/renewal.ts): what a serving instance holds. */
export function servingPool(url: string, max: number, limits?: PoolLimits): RenewablePool {
  return renewable(opener(url, max, limits));
}

/** Makes pools for `url`; they share one choice of host among several (src/db/failover.ts). */
function opener(url: string, max: number, limits?: PoolLimits): () => Sql {
  absorbTypeFetchFailures();
  // Several hosts in the URL: connect to the one that takes writes (src/db/failover.ts).
  const followed = followPrimary(url);
  return () => postgres(followed.url, {
    max,
    ...followed.options,
    connect_timeout: 1,
    backoff: () => 0.05,
    idle_timeout: 60,
    onnotice: () => {},
    types: {
      date: { to: 1082, from: [1082], serialize: (value: string) => value, parse: (value: string) => value },
      timestamptz: { to: 1184, from: [1184], serialize: (value: Date | string) => new Date(value).toISOString(), parse: parseInstant },
    },
    // Dates are read as the text Postgres writes and timestamps parsed from it: whatever the
    // server's defaults, that text is ISO in UTC (a German DateStyle wrote dates as 26.11.2026, and
    // a zone's local mean time before 1900 an offset with seconds, which Date cannot parse).
    connection: {
      DateStyle: 'ISO',
      TimeZone: 'UTC',
      application_name: 'partner-service',
      // On Citus, a transaction's `set local` reaches the workers too (src/db/transaction.ts). On
      // plain Postgres it is a placeholder setting that nothing reads.
      'citus.propagate_set_commands': 'local',
      ...(limits ? { lock_timeout: limits.lockTimeoutMs, statement_timeout: limits.statementTimeoutMs } : {}),
    },
  });
}

/**
 * A pool like `pool` whose sessions are read-only (`default_transaction_read_only`, a connection
 * parameter: nothing is sent per query), for read handlers: Postgres refuses any write on it
 * (25006), whatever got past the types. A read statement also ends at the request deadline's
 * length (`statement_timeout`), unless the pool's own limit is shorter. Renewed like a serving pool.
 */
export function readOnlyPool(pool: Sql, deadlineMs: number): RenewablePool<ReadSql> {
  const connection = pool.options.connection as Record<string, unknown>;
  const limit = Number(connection['statement_timeout'] ?? 0);
  const statement_timeout = limit > 0 ? Math.min(limit, deadlineMs) : deadlineMs;
  return renewable(() => poolLike(pool, { connection: { ...connection, default_transaction_read_only: true, statement_timeout } }));
}

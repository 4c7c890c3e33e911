// The one seam to postgres.js: everything that reaches beyond its documented API lives here.
// `postgres` is pinned to an exact version, and test/db/driver.test.ts holds one contract test
// per internal relied on below, so an upgrade that changes one fails there, not in production.
//
// Relied on, besides the documented API:
// - `onexecute` (a query option) hands over the connection a query is sent on, and that
//   connection's `onclose` property is called when it closes (`watchConnection`);
// - queries started one after the other on a connection go out in that order (`sendInOrder`);
// - a query's `options.prepare`, read when it is sent, makes it an unnamed statement when false
//   (its own `simple()` sets it so) (`plannedPerRun`);
// - a fragment is read for its text and parameters only, and a column list (`sql(columns)`) is
//   escaped by the pool that runs it, so one made by any pool, never run and shared, fits every
//   query of every pool (`fragment`);
// - a connection fetches the array types when it opens (`fetch_types`) from a socket handler that
//   drops that query's promise (`absorbTypeFetchFailures`).
import type { Fragment, PendingQuery, Sql } from 'postgres';
import postgres from 'postgres';

/**
 * Starts each query now, in the order given (a query runs when its `then` is first called): a
 * connection sends them in that order, in one write once each is prepared on it (postgres.js
 * describes a statement's first run alone). Settles like `Promise.all`.
 */
export function sendInOrder(queries: PendingQuery<any>[]): Promise<unknown[]> {
  return Promise.all(queries.map((query) => query.then((rows) => rows)));
}

/**
 * Query options that tell when the connection a query is sent on closes: pass `options` to the
 * first query of a reserved connection, and `gone` turns true once that connection is closed.
 */
export function watchConnection(): { options: object; readonly gone: boolean } {
  let gone = false;
  const onexecute = (connection: { onclose?: () => void }) => {
    connection.onclose = () => {
      gone = true;
    };
    return true;
  };
  return {
    options: { onexecute },
    get gone() {
      return gone;
    },
  };
}

/**
 * The query as an unnamed statement, which Postgres plans for its parameters' values at every run.
 * A prepared statement is planned so for its first five runs only; from then on Postgres may serve
 * its generic plan, blind to the values. Where a condition's selectivity depends on its value, as a
 * substring's does, that plan can be the wrong one: a member search in the national set's club of
 * 100 000 read the whole club (32 ms) where the plan for its value reads 1 214 rows (0.7 ms).
 */
export function plannedPerRun<Q extends PendingQuery<any>>(query: Q): Q {
  (query as Q & { options: { prepare?: boolean } }).options.prepare = false;
  return query;
}

/**
 * A pool that never connects: it makes the fragments a module keeps as constants. Each
 * `` sql`…` `` is a query object of its own, and one made per request outlives the request until
 * V8's next full collection (its constructor assigns arrow functions to its own properties, which
 * V8 allocates in the old generation): 650–740 bytes of the old generation each, measured. A fragment is only its text and parameters, the same whichever pool runs it, so one
 * made here once serves every query: `nothing`, a store's columns, `for update`.
 */
export const fragment: Sql = postgres({ max: 1 });

/** The empty fragment, for a condition the request did not set: `${f.status ? sql`and status = ${f.status}` : nothing}`. */
export const nothing: Fragment = fragment``;

/**
 * A new pool with `sql`'s settings (host, credentials, types, connection parameters) and the
 * given ones on top. `sql.options` is postgres.js's parsed form of the options, which it accepts
 * back as input though its types do not say so.
 */
export function poolLike(sql: Sql, overrides: Omit<PoolOptions, 'idle_timeout'> & {
  idle_timeout?: number | null;
  /** Undeclared in postgres.js's types; its own `listen` sets it. */
  onnotify?: (channel: string, payload: string) => void;
}): Sql {
  // null idle_timeout: never closed for being idle, as postgres.js's own LISTEN connection has it.
  return postgres({ ...sql.options, ...overrides } as PoolOptions);
}

type PoolOptions = postgres.Options<Record<string, never>>;

const connectionFailures = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOENT',
  'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT',
  '57P01', '57P02', '57P03', // admin_shutdown, crash_shutdown, cannot_connect_now
]);
let absorbing = false;

/**
 * When the server goes away while a new connection fetches the array types, that query's
 * rejection is unhandled, and Node would end the process on an outage the service otherwise
 * rides out (src/db/availability.ts). Every query the service sends is awaited, so an unhandled
 * rejection that is a connection failure is that fetch's: it is dropped. Any other still ends the
 * process, as Node would.
 */
export function absorbTypeFetchFailures(): void {
  if (absorbing) return;
  absorbing = true;
  process.on('unhandledRejection', (reason) => {
    const code = (reason as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && connectionFailures.has(code)) return;
    throw reason;
  });
}

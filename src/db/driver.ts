// The one seam to postgres.js: everything that reaches beyond its documented API lives here.
// `postgres` is pinned to an exact version, and test/db/driver.test.ts holds one contract test
// per internal relied on below, so an upgrade that changes one fails there, not in production.
//
// Relied on, besides the documented API:
// - `onexecute` (a query option) hands over the connection a query is sent on, and that
//   connection's `onclose` property is called when it closes (`transaction`);
// - a query starts when it is first awaited (`then`, `catch` and `finally` all go through the
//   instance's `then`), so an own `then` sees every query run (`observe`), and queries started
//   one after the other on a connection go out in that order (`sendInOrder`);
// - a query's `canceller` returns the promise that the documented `cancel()` drops: the cancel
//   request opens a connection of its own, and when that fails (the server is gone) the dropped
//   promise rejects unhandled, which ends the process (`cancel`);
// - a query's `options.prepare`, read when it is sent, makes it an unnamed statement when false
//   (its own `simple()` sets it so) (`plannedPerRun`);
// - a fragment is read for its text and parameters only, and a column list (`sql(columns)`) is
//   escaped by the pool that runs it, so one made by any pool, never run and shared, fits every
//   query of every pool (`inert`).
import type { Fragment, PendingQuery, ReservedSql, Sql, TransactionSql } from 'postgres';
import postgres from 'postgres';
import { isUnreachable } from './errors.js';

const renewal = Symbol('renew the pool');

/**
 * Swaps in a fresh set of connections; the old ones finish what they hold and are ended with
 * the pool. After the server died under them, postgres.js connections can keep its last error
 * for the next query or stop writing altogether (a cleared write timer it never resets), so an
 * outage is met with new connections rather than repaired ones.
 */
export function renewPool(sql: Sql): void {
  (sql as Sql & { [renewal]?: () => void })[renewal]?.();
}

/**
 * A pool that `renewPool` can swap for a fresh one made by `open`, and whose `begin` is
 * `transaction` below. Everything else is the current pool's own.
 */
export function renewable(open: () => Sql): Sql {
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
  // The first pool is only the target (a function, so the proxy is called as a tagged template
  // like the pool itself); every call and read goes to the current one.
  return new Proxy(current, {
    apply: (_, self, args) => Reflect.apply(current, self, args),
    get: (_, name) => (name in own ? own[name] : Reflect.get(current, name)),
  });
}

/**
 * What a transaction's work answers when its last statements should go out with COMMIT, one
 * round trip for both: `last` makes them just before they are sent (should it throw, nothing is
 * sent and the transaction rolls back). Should one of them fail, Postgres answers the COMMIT that
 * follows with ROLLBACK, and that statement's error is thrown.
 */
export class Closing<T> {
  #sent = false;

  constructor(private readonly value: T, private readonly last: () => PendingQuery<any>[]) {}

  /** Sends the last statements and COMMIT behind them (`transaction` only). */
  commit(tx: Sql): Promise<unknown> {
    const statements = this.last();
    this.#sent = true;
    return sendInOrder([...statements, tx`commit`]);
  }

  /** The work's value once it committed: postgres.js's own `begin` would have dropped the last statements. */
  get committed(): T {
    if (!this.#sent) throw new Error('the transaction ended without its last statements: begin it through transaction()');
    return this.value;
  }
}

/**
 * Starts each query now, in the order given (a query runs when its `then` is first called): a
 * connection sends them in that order, in one write once each is prepared on it (postgres.js
 * describes a statement's first run alone). Settles like `Promise.all`.
 */
export function sendInOrder(queries: PendingQuery<any>[]): Promise<unknown[]> {
  return Promise.all(queries.map((query) => query.then((rows) => rows)));
}

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
    const result = await work(tx as ReservedSql & TransactionSql);
    await begun;
    if (gone) throw closed();
    if (result instanceof Closing) await result.commit(tx);
    else await tx`commit`;
    tx.release();
    return result;
  } catch (error) {
    // A connection that is gone (or going: the server said so) rolled back on its own and goes
    // back to the pool when it closes; a live one is rolled back here and released.
    if (!gone && !isUnreachable(error)) {
      // A cancel sent for the work's last statement can land on the ROLLBACK instead: try again,
      // so the connection never goes back to the pool inside a transaction.
      const rolledBack = await tx`rollback`.then(() => true, () => tx`rollback`.then(() => true, () => false));
      if (!gone && rolledBack) tx.release();
    }
    throw error;
  }
}

/**
 * Cancels a query: one the server runs gets a cancel request (57014), one still waiting for a
 * connection leaves the queue. Never throws, never rejects.
 */
export function cancel(query: PendingQuery<any>): void {
  const q: PendingQuery<any> & { canceller?: ((query: unknown) => Promise<unknown>) | null } = query;
  if (typeof q.canceller !== 'function') return void query.cancel();
  const canceller = q.canceller;
  q.canceller = null;
  canceller(query).catch(() => {});
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
 * V8's next full collection (`src/db/deadline.ts`): 650–740 bytes of the old generation each,
 * measured. A fragment is only its text and parameters, the same whichever pool runs it, so one
 * made here once serves every query: `nothing`, a store's columns, `for update`.
 */
export const inert: Sql = postgres({ max: 1 });

/** The empty fragment, for a condition the request did not set: `${f.status ? sql`and status = ${f.status}` : nothing}`. */
export const nothing: Fragment = inert``;

/** Told of each query as it runs: `run` executes it; the observer settles like it, or refuses it. */
type Observer = (query: PendingQuery<any>, run: () => Promise<unknown>) => Promise<unknown>;

type Then = (ok?: (v: unknown) => unknown, fail?: (e: unknown) => unknown) => Promise<unknown>;

function observeQuery<T>(query: T, observer: Observer): T {
  const q = query as { then?: Then; cancel?: unknown } | undefined;
  if (!q || typeof q.then !== 'function' || typeof q.cancel !== 'function') return query;
  const then = q.then.bind(q);
  let running: Promise<unknown> | undefined;
  const observed: Then = (ok, fail) => (running ??= observer(q as PendingQuery<any>, () => then())).then(ok, fail);
  q.then = observed;
  return query;
}

/** The pool, a transaction or a reserved connection, with every query it runs shown to `observer`. */
export function observe<S extends Sql | TransactionSql>(sql: S, observer: Observer): S {
  return new Proxy(sql, {
    apply: (target, self, args) => observeQuery(Reflect.apply(target, self, args), observer),
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (name === 'unsafe') return (...args: unknown[]) => observeQuery((value as (...a: unknown[]) => unknown)(...args), observer);
      if (name === 'begin' || name === 'savepoint') {
        return (...args: unknown[]) => {
          const work = args.pop() as (tx: Sql) => unknown;
          return (value as (...a: unknown[]) => unknown)(...args, (tx: Sql) => work(observe(tx, observer)));
        };
      }
      if (name === 'reserve') return async () => observe(await (value as () => Promise<Sql>)(), observer);
      return value;
    },
  });
}

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

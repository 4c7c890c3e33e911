// LOG_LEVEL=debug: the time each request spends in SQL. The pool is wrapped so that every query
// awaited inside `measureSql` adds its duration to that request's total; without debug nothing
// is wrapped and `measureSql` only runs the work.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Sql } from 'postgres';

export interface SqlTime { ms: number; queries: number }

const current = new AsyncLocalStorage<SqlTime>();
let enabled = false;

/** Runs `work`, returning its result and the SQL time it spent (undefined unless a pool is timed). */
export async function measureSql<T>(work: () => Promise<T>): Promise<[T, SqlTime | undefined]> {
  if (!enabled) return [await work(), undefined];
  const time: SqlTime = { ms: 0, queries: 0 };
  return [await current.run(time, work), time];
}

type Thenable = { then: (ok?: (v: unknown) => unknown, fail?: (e: unknown) => unknown) => unknown };

// postgres.js runs a query when it is awaited: time from `then` to its settling.
function timeQuery<T>(query: T): T {
  if (!query || typeof (query as unknown as Thenable).then !== 'function') return query;
  const q = query as unknown as Thenable;
  const then = q.then.bind(q);
  q.then = (ok, fail) => {
    const time = current.getStore();
    const started = performance.now();
    const settle = () => {
      if (time) {
        time.ms += performance.now() - started;
        time.queries += 1;
      }
    };
    return then(
      (value) => { settle(); return ok ? ok(value) : value; },
      (error) => { settle(); if (fail) return fail(error); throw error; },
    );
  };
  return query;
}

/** The pool, transactions and reserved connections alike, with every awaited query timed. */
export function timedSql<S extends Sql>(sql: S): S {
  enabled = true;
  return new Proxy(sql, {
    apply: (target, self, args) => timeQuery(Reflect.apply(target, self, args)),
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (name === 'unsafe') return (...args: unknown[]) => timeQuery((value as (...a: unknown[]) => unknown)(...args));
      if (name === 'begin' || name === 'savepoint') {
        return (...args: unknown[]) => {
          const work = args.pop() as (tx: Sql) => unknown;
          return (value as (...a: unknown[]) => unknown)(...args, (tx: Sql) => work(timedSql(tx)));
        };
      }
      if (name === 'reserve') return async () => timedSql(await (value as () => Promise<Sql>)());
      return value;
    },
  });
}

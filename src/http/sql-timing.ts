// LOG_LEVEL=debug: the time each request spends in SQL. An app that logs at debug wraps its pool
// with its own timing, so that every query run inside `measure` adds its duration to that
// request's total; other apps have none, and nothing is wrapped.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Sql } from 'postgres';
import { observe } from '../db/driver.js';

interface SqlTime { ms: number; queries: number }

/** One app's SQL timing: its pool goes through `wrap`, each request through `measure`. */
export interface SqlTiming {
  /** The pool, transactions and reserved connections alike, with every query timed. */
  wrap<S extends Sql>(sql: S): S;
  /** Runs `work`, returning its result and the SQL time it spent. */
  measure<T>(work: () => Promise<T>): Promise<[T, SqlTime]>;
}

export function sqlTiming(): SqlTiming {
  const current = new AsyncLocalStorage<SqlTime>();
  return {
    wrap: (sql) => observe(sql, (_query, run) => {
      const time = current.getStore();
      if (!time) return run();
      const started = performance.now();
      const settle = () => {
        time.ms += performance.now() - started;
        time.queries += 1;
      };
      const running = run();
      running.then(settle, settle);
      return running;
    }),
    async measure(work) {
      const time: SqlTime = { ms: 0, queries: 0 };
      return [await current.run(time, work), time];
    },
  };
}

// LOG_LEVEL=debug: the database side of each request. An app that logs at debug runs on pools of
// its own, made with postgres.js's `debug` option, which tells of each statement as it is sent:
// it counts for the request in whose turn it was sent. The time is that of the request's
// operation step (step 11: its reads, or its transaction from the connection wait to COMMIT).
// Other apps have no timing, and their pools no hook.
import { AsyncLocalStorage } from 'node:async_hooks';

interface SqlTime { ms: number; queries: number }

export interface SqlTiming {
  /** For postgres.js's `debug` option: a statement was sent. */
  sent(): void;
  /** Settles like `work`, whose duration counts as the current request's SQL time. */
  step<T>(work: Promise<T>): Promise<T>;
  /** Runs `work`, returning its result and the SQL time it spent. */
  measure<T>(work: () => Promise<T>): Promise<[T, SqlTime]>;
}

export function sqlTiming(): SqlTiming {
  const current = new AsyncLocalStorage<SqlTime>();
  return {
    sent() {
      const time = current.getStore();
      if (time) time.queries += 1;
    },
    step(work) {
      const time = current.getStore();
      if (!time) return work;
      const started = performance.now();
      const settle = () => {
        time.ms += performance.now() - started;
      };
      work.then(settle, settle);
      return work;
    },
    async measure(work) {
      const time: SqlTime = { ms: 0, queries: 0 };
      return [await current.run(time, work), time];
    },
  };
}

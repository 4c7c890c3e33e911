import type { PendingQuery, Sql, TransactionSql } from 'postgres';
import { ApiError } from '../errors.js';
import { deadlineCancelled, statementsUnderWay } from '../metrics/series.js';
import { cancel, observe } from './driver.js';
import { overrun } from './errors.js';

/**
 * The time a request may spend on the database, connection wait included. Once it is spent the
 * request is answered 503, its statements under way are cancelled (`guard`), and it runs no
 * further one: its transaction rolls back and its connection goes back to the pool at once.
 */
export interface Deadline {
  /** Settles like `work`, or rejects with 503 when the time is spent (`work` then runs on unobserved). */
  race<T>(work: Promise<T>): Promise<T>;
  /** Runs `step` off the clock: the client sending its body spends its own time, not the database's. */
  offClock<T>(step: () => Promise<T>): Promise<T>;
  readonly passed: boolean;
  /** Throws the 503 once the time is spent. */
  check(): void;
  /** `sql` whose queries under way are cancelled when the time is spent, and that runs none after. */
  guard<S extends Sql | TransactionSql>(sql: S): S;
  clear(): void;
}

const late = overrun;

// A class rather than closures: one per request on the hot path, so it allocates as little as it can.
class RequestDeadline implements Deadline {
  #left: number;
  #since = performance.now();
  #passed = false;
  #timer: NodeJS.Timeout | undefined;
  #reject: ((error: ApiError) => void) | undefined;
  #running: Set<PendingQuery<any>> | undefined;
  /** The row arrays its queries answered, emptied by `clear`. */
  #answered: unknown[][] | undefined;

  constructor(ms: number) {
    this.#left = ms;
    this.#arm();
  }

  #arm(): void {
    this.#timer = setTimeout(() => {
      this.#passed = true;
      this.#reject?.(late());
      // postgres.js cancels a statement the server runs, or drops one still waiting for a connection.
      if (this.#running?.size) deadlineCancelled();
      for (const query of this.#running ?? []) cancel(query);
    }, Math.max(0, this.#left));
  }

  race<T>(work: Promise<T>): Promise<T> {
    if (this.#passed) {
      work.catch(() => {});
      return Promise.reject(late());
    }
    return new Promise<T>((resolve, reject) => {
      this.#reject = reject;
      work.then(resolve, reject);
    });
  }

  async offClock<T>(step: () => Promise<T>): Promise<T> {
    clearTimeout(this.#timer);
    this.#left -= performance.now() - this.#since;
    try {
      return await step();
    } finally {
      this.#since = performance.now();
      if (!this.#passed) this.#arm();
    }
  }

  get passed(): boolean {
    return this.#passed;
  }

  check(): void {
    if (this.#passed) throw late();
  }

  guard<S extends Sql | TransactionSql>(sql: S): S {
    return observe(sql, (query, run) => {
      if (this.#passed) return Promise.reject(late());
      const running = (this.#running ??= new Set());
      running.add(query);
      statementsUnderWay.value++;
      const done = run();
      const settled = (outcome: unknown) => {
        running.delete(query);
        statementsUnderWay.value--;
        if (Array.isArray(outcome)) (this.#answered ??= []).push(outcome);
      };
      done.then(settled, settled);
      return done;
    });
  }

  clear(): void {
    clearTimeout(this.#timer);
    // The race's resolving functions hold its promise, and so the request's answer: whatever
    // still holds this deadline (a query's observer) must not keep that alive. Kept, a members
    // page's answer reached V8's old generation: 0.72-0.77 full collections per 1000 pages
    // against 0.54-0.61 once dropped (issue 21's bench, 3 pairs).
    this.#reject = undefined;
    // Answered in time, the request has read its rows: empty the arrays they came in. A
    // postgres.js query assigns two arrow functions to its own properties in its constructor, and
    // V8 allocates a function literal assigned to a property in the old generation. Dead, those
    // functions still keep the constructor's context, so the query and its rows, alive through
    // every young collection until a full one: each members page moved ~25 KB into the old
    // generation, which drove the full collections. After a 503 the request's work may still run
    // and read them: they are left alone.
    if (!this.#passed) for (const rows of this.#answered ?? []) rows.length = 0;
    this.#answered = undefined;
  }
}

export function startDeadline(ms: number): Deadline {
  return new RequestDeadline(ms);
}

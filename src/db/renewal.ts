// After an outage the pool's connections are replaced, not repaired (src/db/availability.ts).
import type { Sql } from 'postgres';

/**
 * Where a long-lived holder finds the database: `current` is the live postgres.js pool. Read it at
 * each use and keep nothing of it, since an outage replaces it (`RenewablePool.renew`).
 */
export interface LivePool<S = Sql> {
  readonly current: S;
}

export interface RenewablePool<S = Sql> extends LivePool<S> {
  /**
   * Makes `current` a fresh pool; the old one finishes what it holds and is ended with this one.
   * After the server died under them, postgres.js connections can keep its last error for the
   * next query or stop writing altogether (a cleared write timer it never resets), so an outage
   * is met with new connections rather than repaired ones.
   */
  renew(): void;
  /** Ends the current pool and every one it replaced. */
  end(options?: { timeout?: number }): Promise<void>;
}

/** A pool that `renew` replaces with a fresh one made by `open`. */
export function renewable(open: () => Sql): RenewablePool {
  let current = open();
  const retired: Sql[] = [];
  return {
    get current() {
      return current;
    },
    renew() {
      retired.push(current);
      current = open();
    },
    async end(options) {
      await Promise.all([current, ...retired].map((pool) => pool.end(options)));
    },
  };
}

// After an outage the pool's connections are replaced, not repaired (src/db/availability.ts).
import type { Sql, TransactionSql } from 'postgres';
import { transaction } from './transaction.js';

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
 * src/db/transaction.ts. Everything else is the current pool's own.
 */
export function renewable(open: () => Sql): Sql {
  let current = open();
  const retired: Sql[] = [];
  const own: Record<string | symbol, unknown> = {
    begin: (mode: string | ((tx: TransactionSql) => Promise<unknown>), work?: (tx: TransactionSql) => Promise<unknown>) =>
      typeof mode === 'function' ? transaction(current, mode) : transaction(current, work!, { mode }),
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

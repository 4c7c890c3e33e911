import type { Sql, TransactionSql } from 'postgres';

/** A lock held by a transaction outside the service, until `unlock()`. */
export interface HeldLock<Row extends { pid: number } = { pid: number }> {
  /** The backend that holds the lock. */
  pid: number;
  /** The row the locking statement answered. */
  row: Row;
  unlock(): Promise<void>;
}

/** Locks a member row in a transaction of `holder`; resolves once the lock is held. */
export function holdMemberLock(holder: Sql, memberId: string): Promise<HeldLock> {
  return holdInTransaction(holder, (tx) => tx<{ pid: number }[]>`select pg_backend_pid() as pid from members where id = ${memberId} for update`);
}

/**
 * Takes a federation's feed lock as a write does, in a transaction of `holder`: the feed's horizon
 * stays behind it, and a poll of that federation's feed waits until `unlock()`.
 */
export function holdFeedLock(holder: Sql, federationId: string): Promise<HeldLock> {
  return holdInTransaction(holder, (tx) => tx<{ pid: number }[]>`select pg_backend_pid() as pid from feed_write_lock(${federationId})`);
}

/**
 * Runs `lock` in a transaction of `holder` and keeps that transaction open until `unlock()`;
 * resolves once `lock` answered its row (the holding backend's pid), and rejects when it found none.
 */
export async function holdInTransaction<Row extends { pid: number }>(holder: Sql, lock: (tx: TransactionSql) => Promise<readonly Row[]>): Promise<HeldLock<Row>> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked: (row: Row) => void = () => {};
  const isLocked = new Promise<Row>((resolve) => (locked = resolve));
  const holding = holder.begin(async (tx) => {
    const [row] = await lock(tx);
    if (!row) throw new Error('no row to lock');
    locked(row);
    await held;
  });
  // Should the transaction end without a row (an error), that error rejects here.
  const row = await Promise.race([isLocked, holding.then(() => isLocked)]);
  return {
    pid: row.pid,
    row,
    async unlock() {
      release();
      await holding;
    },
  };
}

/**
 * The sessions waiting for `pid`'s locks, or queued behind one that waits: this lock's waiters
 * only, whatever other test files running against the same database hold meanwhile.
 */
export async function waitingBehind(sql: Sql, pid: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    with recursive blocked (pid) as (
      select pid from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))
      union select a.pid from pg_stat_activity a join blocked b on b.pid = any(pg_blocking_pids(a.pid)))
    select count(*)::int as n from blocked`;
  return row!.n;
}

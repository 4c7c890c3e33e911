import type { Sql } from 'postgres';

/**
 * Locks a member row (`for update`) in a transaction of `holder`, outside the service. Resolves
 * once the lock is held, with the function that ends the transaction and so frees the row.
 */
export async function holdMemberLock(holder: Sql, memberId: string): Promise<() => Promise<void>> {
  let unlock = () => {};
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = holder.begin(async (tx) => {
    await tx`select 1 from members where id = ${memberId} for update`;
    locked();
    await new Promise<void>((resolve) => (unlock = resolve));
  });
  await isLocked;
  return async () => {
    unlock();
    await holding;
  };
}

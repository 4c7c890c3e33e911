// Money is integer minor units end to end (conventions.md): bigint columns arrive from postgres.js
// as decimal strings and leave as JSON integers; sums and balances are computed in BigInt, so no
// value ever passes through a fraction.

/** The largest amount of one plan, invoice line or payment: 50 lines of it stay exact in JSON. */
export const maxAmount = 1_000_000_000_000;

const safe = BigInt(Number.MAX_SAFE_INTEGER);

/** A bigint column's value (or a BigInt) as the exact JSON integer the API answers. */
export function minorUnits(value: string | bigint): number {
  const exact = BigInt(value);
  if (exact > safe || exact < -safe) throw new RangeError(`${exact} minor units are beyond the exact integer range`);
  return Number(exact);
}

/** The exact sum of integer amounts; a fractional amount is a bug and throws. */
export function total(amounts: readonly (number | string)[]): number {
  return minorUnits(amounts.reduce<bigint>((sum, amount) => sum + BigInt(amount), 0n));
}

/** What is left to pay: `amount − amount_paid`. */
export function balance(amount: string | number, paid: string | number): number {
  return minorUnits(BigInt(amount) - BigInt(paid));
}

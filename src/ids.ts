// Identifiers are Postgres bigint identities written as decimal strings (conventions.md).

export const idPattern = /^[1-9][0-9]{0,18}$/;
const maxBigint = 9223372036854775807n;

/** Whether a string can name a resource: anything else is 404 in a path and 422 in a body. */
export function isId(value: string): boolean {
  return idPattern.test(value) && BigInt(value) <= maxBigint;
}

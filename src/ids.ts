// Identifiers are Postgres bigint identities written as decimal strings (conventions.md).

const maxBigint = '9223372036854775807';

/**
 * The decimal strings from 1 to `max` and no others: fewer digits, or as many with a smaller digit
 * where they first differ from `max`, or `max` itself. JSON Schema can then say what Postgres takes.
 */
export function upTo(max: string): string {
  const n = max.length;
  const shorter = n > 1 ? [`[1-9][0-9]{0,${n - 2}}`] : [];
  const below = [...max].flatMap((d, i) => {
    const lowest = i === 0 ? 1 : 0;
    if (Number(d) <= lowest) return [];
    const digit = Number(d) - 1 === lowest ? String(lowest) : `[${lowest}-${Number(d) - 1}]`;
    const rest = n - 1 - i;
    return [`${max.slice(0, i)}${digit}${rest > 0 ? `[0-9]{${rest}}` : ''}`];
  });
  return `^(?:${[...shorter, ...below, max].join('|')})$`;
}

/** A Postgres bigint identity as a decimal string: 1 to 9223372036854775807 (2^63 - 1). */
export const idPattern = new RegExp(upTo(maxBigint));

/** Whether a string can name a resource: anything else is 404 in a path and 422 in a body. */
export function isId(value: string): boolean {
  return idPattern.test(value);
}

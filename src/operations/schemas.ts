// Valibot building blocks shared by every resource's schemas.
import * as v from 'valibot';
import { isScope } from '../auth/scopes.js';
import { idPattern } from '../ids.js';

import { out } from '../resources/fields.js';

export { addressOut, out, resourceMeta } from '../resources/fields.js';

/** A resource identifier in a body or query: a decimal string (a Postgres bigint), never a JSON number. */
export const id = v.pipe(
  v.string(),
  v.regex(idPattern, (issue) => (/^[1-9][0-9]*$/.test(issue.input) ? 'must be at most 9223372036854775807' : 'must be a decimal identifier string')),
);

/** The schema of an id in a path, as the reference shows it (the router has checked it already). */
const pathId = v.pipe(v.string(), v.regex(idPattern), v.description('An identifier: a decimal string from 1 to 9223372036854775807.'));

/** Path parameters, already checked by the router. */
export function idParams<K extends string>(...names: K[]) {
  return v.object(Object.fromEntries(names.map((n) => [n, pathId])) as Record<K, typeof pathId>);
}

function isDate(value: string): boolean {
  const d = new Date(value + 'T00:00:00Z');
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

// Postgres stores no year 0 and JavaScript writes no year past 9999 as RFC 3339: dates and
// instants stay in years 0001–9999 (the patterns say so in the OpenAPI reference).
const storedYear = /^(?!0000)\d{4}-/;
const earliest = Date.parse('0001-01-01T00:00:00Z');
const latest = Date.parse('9999-12-31T23:59:59.999Z');

/** Whether an instant a handler derives (a fixture's kickoff, a deadline) is in the years 0001 to 9999. */
export const isStorableInstant = (at: Date): boolean => at.getTime() >= earliest && at.getTime() <= latest;

/** `YYYY-MM-DD`, a real calendar day in the years 0001 to 9999. */
export const date = v.pipe(
  v.string(),
  v.regex(/^(?!0000)\d{4}-\d{2}-\d{2}$/, (issue) => (/^0000-\d{2}-\d{2}$/.test(issue.input)
    ? 'must be from 0001-01-01 to 9999-12-31' : 'must be a date YYYY-MM-DD')),
  v.check(isDate, 'must be a real date'),
);

/**
 * An RFC 3339 instant on a real calendar day (Date.parse would roll 02-30 over into March) whose
 * UTC time, too, falls in the years 0001 to 9999.
 */
export function isInstant(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/i.test(value)) return false;
  const at = Date.parse(value);
  return isDate(value.slice(0, 10)) && at >= earliest && at <= latest;
}

/**
 * RFC 3339 with an explicit offset, e.g. `2026-11-21T09:30:00.000Z`, narrower than RFC 3339 in two
 * ways the pattern states: at most 6 fractional digits (Postgres keeps microseconds, and would round
 * more) and no leap second (Postgres would roll `23:59:60` over into the next minute).
 */
export const timestamp = v.pipe(
  v.string(),
  v.regex(storedYear, 'must be in the years 0001 to 9999'),
  v.check(isInstant, 'must be an RFC 3339 timestamp in the years 0001 to 9999 (UTC), at most 6 fractional digits, no leap second'),
  v.metadata({ format: 'date-time', pattern: '^(?!0000)[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,6})?([Zz]|[+-][0-9]{2}:[0-9]{2})$' }),
  v.description('RFC 3339, years 0001 to 9999, at most 6 fractional digits (microseconds), no leap second (`:60`).'),
);

// NUL cannot be stored in a Postgres text and an unpaired surrogate has no UTF-8 form at all.
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether Postgres can store the string as it is: no NUL, no unpaired UTF-16 surrogate. */
export const isStorableText = (value: string): boolean => !unstorable.test(value);
export const unstorableMessage = 'must not contain NUL characters or unpaired surrogates';

/** "1 character", "2 characters": a message never says "1 characters". */
export const count = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A string's length in characters (Unicode code points), as JSON Schema's minLength and maxLength count. */
export function characters(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

// valibot's minLength and maxLength count UTF-16 units (an emoji is two): the bounds are checked
// in characters, and the metadata gives the reference the same numbers as JSON Schema keywords.
export const chars = (min: number, max: number) => [
  v.check((s: string) => characters(s) >= min, `must be at least ${count(min, 'character')}`),
  v.check((s: string) => characters(s) <= max, `must be at most ${count(max, 'character')}`),
  v.metadata<string, { minLength: number; maxLength: number }>({ minLength: min, maxLength: max }),
] as const;

export const text = (min: number, max: number) => v.pipe(
  v.string(),
  v.check(isStorableText, unstorableMessage),
  v.trim(),
  ...chars(min, max),
);

/**
 * An array of `min` to `max` items (`minItems`/`maxItems` in the reference). Its length is judged
 * before any item is: an over-long array is one issue, never one per item.
 */
export function list<T extends v.GenericSchema>(item: T, noun: string, max: number, min = 0) {
  const longest = `must have at most ${count(max, noun)}`;
  const shape = min > 0
    ? v.pipe(v.array(v.unknown()), v.minLength(min, `must have at least ${count(min, noun)}`), v.maxLength(max, longest))
    : v.pipe(v.array(v.unknown()), v.maxLength(max, longest));
  return v.pipe(shape, v.array(item));
}

export const email = v.pipe(v.string(), ...chars(1, 254), v.email('must be an email address'));
export const phone = v.pipe(v.string(), v.regex(/^\+?[0-9 ().-]{3,32}$/, 'must be a phone number'));
export const url = v.pipe(v.string(), ...chars(1, 500), v.url('must be a URL'));
export const country = v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code'));
export const currency = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code'));

export const address = v.strictObject({
  line1: text(1, 200),
  line2: v.optional(v.nullable(text(1, 200))),
  postal_code: text(1, 20),
  city: text(1, 100),
  country,
});
export const scopeList = v.array(v.pipe(v.string(), v.check(isScope, 'must be a scope of the catalog')));

/** An action that takes no input still accepts `{}` (or no body at all). */
export const emptyBody = v.pipe(v.strictObject({}), v.title('EmptyBody'), v.examples([{}]));

/**
 * A day counted from today (UTC), for request examples whose rules look at the calendar (a deadline
 * ahead, a payment not in the future): the reference is generated with dates that still hold.
 */
export const fromToday = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The example values of `resourceMeta`, for the examples of the reference. */
export const exampleMeta = { id: '42', created_at: '2026-09-01T08:30:00.000Z', updated_at: '2026-11-21T09:30:00.000Z', version: 3 };

/** The answer of a DELETE. */
export const deletedOut = v.pipe(
  v.object({ id: out.id, deleted: v.literal(true) }),
  v.title('Deleted'),
  v.examples([{ id: '42', deleted: true }]),
);

export const limit = v.pipe(
  v.string(),
  v.regex(/^[0-9]{1,3}$/, 'must be an integer from 1 to 100'),
  v.toNumber(),
  v.integer(),
  v.minValue(1, 'must be an integer from 1 to 100'),
  v.maxValue(100, 'must be an integer from 1 to 100'),
);

/** The query of a list: `limit`, `cursor`, `updated_since`, plus the operation's own filters. */
export function listQuery<E extends v.ObjectEntries>(filters: E) {
  return v.strictObject({
    limit: v.optional(limit, '25'),
    cursor: v.optional(v.string()),
    updated_since: v.optional(timestamp),
    ...filters,
  });
}

export function enumFilter<const T extends readonly [string, ...string[]]>(values: T) {
  return v.optional(v.picklist(values, `must be one of ${values.join(', ')}`));
}

/** A member a PATCH may not touch: `readOnly` in the reference; sent, it is 422 saying it is read-only and why. */
export const readOnly = (why: string) => v.optional(v.pipe(
  v.custom<never>(() => false, `is read-only: ${why}`),
  v.metadata({ readOnly: true }),
  v.description(`Read-only: ${why}. Sending it is 422 \`validation_failed\`.`),
));

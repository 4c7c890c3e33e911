// A resource's fields: the valibot entries of the row the API answers with. Its response schema
// is built from them (src/operations/<resource>/schemas.ts), its store selects their keys, and its
// row type is read off them, so a column is named once.
import * as v from 'valibot';

/** Output members with their exact wire formats, for the reference (responses are not validated). */
export const out = {
  id: v.pipe(v.string(), v.description('An identifier: a decimal string.')),
  instant: v.pipe(v.string(), v.metadata({ format: 'date-time' } as const)),
  date: v.pipe(v.string(), v.metadata({ format: 'date' } as const)),
  email: v.pipe(v.string(), v.metadata({ format: 'email' } as const)),
  url: v.pipe(v.string(), v.metadata({ format: 'uri' } as const)),
  integer: v.pipe(v.number(), v.integer()),
};

/** The members every mutable resource carries. */
export const resourceMeta = {
  id: out.id,
  created_at: out.instant,
  updated_at: out.instant,
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
};

/** Money out: integer minor units (a bigint column, which postgres.js reads as a decimal string). */
export const money = v.pipe(out.integer, v.minValue(0));

export const addressOut = v.pipe(
  v.object({ line1: v.string(), line2: v.nullable(v.string()), postal_code: v.string(), city: v.string(), country: v.string() }),
  v.title('Address'),
  v.examples([{ line1: '12 St James Square', line2: null, postal_code: 'SW1Y 4JH', city: 'London', country: 'GB' }]),
);
export type Address = v.InferOutput<typeof addressOut>;

// A `timestamptz` column reaches the handler as a Date (JSON writes it as RFC 3339), and a bigint
// sum of money as a decimal string (the resource's view answers it as a number).
type Stored<S> =
  S extends typeof out.instant ? Date
  : S extends typeof money ? string
  : S extends v.NullableSchema<infer W, undefined> ? Stored<W> | null
  : S extends v.SchemaWithPipe<readonly [infer W extends v.GenericSchema, ...any[]]> ? Stored<W>
  : S extends v.GenericSchema ? v.InferOutput<S> : never;

/** The row a store reads: one member per field, a Date for each instant. */
export type RowOf<E extends v.ObjectEntries> = { -readonly [K in keyof E]: Stored<E[K]> };

/** The columns a store selects: the fields' keys, in their order. */
export const columnsOf = (fields: v.ObjectEntries): string[] => Object.keys(fields);

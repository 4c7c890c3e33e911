// Hostile parts of a request for the fuzz test, drawn from a seeded generator so a failing run
// can be replayed (FUZZ_SEED). Bodies are raw text: JSON that JSON.stringify would never write.
import type { JsonSchema } from '../../src/openapi/json-schema.js';
import { seeded } from '../support/random.js';

export interface Rand { int(n: number): number; pick<T>(items: readonly T[]): T; chance(p: number): boolean }

/** A seeded source of hostile choices: the same sequence for the same seed. */
export function rng(seed: number): Rand {
  const next = seeded(seed);
  const int = (n: number) => Math.floor(next() * n);
  return { int, pick: (items) => items[int(items.length)]!, chance: (p) => next() < p };
}

const strings = ['', ' ', 'a\u0000b', '\u0000', '\ud800', 'x\udfff', '😀', '\u202etxt', '\ufeff', 'x'.repeat(5000), '%00',
  '../../etc/passwd', "'; drop table members; --", '<script>', '0', '-1', '9223372036854775808', 'null', 'ǅ'];
const numbers = ['1e309', '-1e309', '-0', '9007199254740993', '99999999999999999999999', '0.5', '-1', '1e-400', '2147483648', '0'];
const dates = ['0000-01-01', '0000-02-29', '9999-12-31', '10000-01-01', '2020-02-30', '1900-02-29', '2020-1-1', '0001-01-01'];
const instants = ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '9999-12-31T23:00:00-05:00', '0001-01-01T00:00:00+01:00',
  '2020-01-01T24:00:00Z', '2020-01-01T00:00:00+23:59', '2020-01-01T00:00:00.1234567Z', '+275760-09-13T00:00:00Z', '2030-01-01T10:00:00z'];
const badIds = ['0', '-1', '01', '9223372036854775807', '9223372036854775808', '1.0', ' 1', '１'];

/** One hostile JSON value, as text. */
export function hostileValue(r: Rand): string {
  switch (r.int(6)) {
    case 0: return JSON.stringify(r.pick(strings));
    case 1: return r.pick(numbers);
    case 2: return JSON.stringify(r.pick([...dates, ...instants]));
    case 3: return JSON.stringify(r.pick(badIds));
    case 4: return r.pick(['null', 'true', '[]', '{}', '[null]', '{"__proto__":{"x":1}}', '[[[[[[[[[[1]]]]]]]]]]']);
    default: return JSON.stringify(r.pick(strings).repeat(1 + r.int(3)));
  }
}

const unstorable = ['a\u0000b', '\u0000', 'A\ud800', '\udfffB', '\udc00\ud800', 'ok\u0000'];

/** A hostile value of the member's own kind mostly (a name with a NUL, a date in year 0), else anything. */
function hostileFor(r: Rand, schema: JsonSchema): string {
  if (r.chance(0.3)) return hostileValue(r);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.format === 'date') return JSON.stringify(r.pick(dates));
  if (schema.format === 'date-time') return JSON.stringify(r.pick(instants));
  if (type === 'integer' || type === 'number') return r.pick(numbers);
  if (type === 'string') return JSON.stringify(r.chance(0.6) ? r.pick(unstorable) : r.pick(strings));
  return hostileValue(r);
}

/** Ids of real rows by parameter or member name (`member_id`, …): writes then reach rows to work on. */
export type Ids = (name: string) => string[];

/** A value the property's schema may well accept, so that the other members' hostility gets through. */
function plausible(r: Rand, name: string, schema: JsonSchema, ids: Ids): string {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (Array.isArray(schema.enum)) return JSON.stringify(r.pick(schema.enum.filter((v) => v !== null)));
  if (name.endsWith('_id')) return JSON.stringify(r.pick(ids(name)));
  if (schema.format === 'date') return JSON.stringify(`20${10 + r.int(10)}-0${1 + r.int(9)}-1${r.int(9)}`);
  if (schema.format === 'date-time') return JSON.stringify(`2030-0${1 + r.int(9)}-1${r.int(9)}T1${r.int(9)}:00:00.000Z`);
  if (schema.format === 'email') return '"fuzz@example.org"';
  if (type === 'integer' || type === 'number') return String(1 + r.int(50));
  if (type === 'boolean') return r.pick(['true', 'false']);
  if (type === 'array') return r.chance(0.5) || !schema.items ? '[]' : `[${plausible(r, name, schema.items as JsonSchema, ids)}]`;
  if (type === 'object') return objectText(r, schema, ids, r.chance(0.3) ? 1 : 0);
  const fixed: Record<string, string> = { country: 'NL', currency: 'EUR', phone: '+31 20 123 4567', gender: 'female' };
  return JSON.stringify(fixed[name] ?? `Fuzz ${r.int(1000)}`);
}

/**
 * An object of the schema's members (required ones nearly always), all plausible (the schema's own
 * example where it has one) but `hostile` of them, so that most bodies pass validation up to the
 * one value under test; sometimes an extra member.
 */
export function objectText(r: Rand, schema: JsonSchema, ids: Ids, hostile: number, example: Record<string, unknown> = {}): string {
  const required = new Set((schema.required ?? []) as string[]);
  const chosen = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
    .filter(([name]) => r.chance(required.has(name) || name in example ? 0.97 : 0.5));
  const bad = new Set(Array.from({ length: hostile }, () => r.int(Math.max(chosen.length, 1))));
  const good = (name: string, prop: JsonSchema) => (name in example && r.chance(0.7) ? JSON.stringify(example[name]) : plausible(r, name, prop, ids));
  const members = chosen.map(([name, prop], i) => `${JSON.stringify(name)}:${bad.has(i) ? hostileFor(r, prop) : good(name, prop)}`);
  if (r.chance(0.1)) members.push(`${JSON.stringify(r.pick(['__proto__', 'constructor', 'prototype', 'x\u0000', '']))}:${hostileValue(r)}`);
  return `{${members.join(',')}}`;
}

/** A whole body for an operation with this body schema: mostly plausible objects with hostile members. */
export function bodyText(r: Rand, schema: JsonSchema | undefined, ids: Ids, example?: Record<string, unknown>): string | Buffer {
  switch (r.int(12)) {
    case 0: return Buffer.from(Array.from({ length: 1 + r.int(200) }, () => r.int(256)));
    case 1: return objectText(r, schema ?? {}, ids, 1, example).slice(0, -1 - r.int(3));
    case 2: return r.pick(['[]', '"x"', '1', 'null', 'true', '']);
    case 3: return '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
    case 4: return r.chance(0.3) ? `{"x":"${'a'.repeat(1024 * 1024)}"}` : '{}';
    default: return objectText(r, schema ?? {}, ids, r.int(3), example);
  }
}

/**
 * A body the schema accepts but for one object member named twice (sometimes spelt with an escape,
 * sometimes one level down), the second time with another value: a proxy reading the first value
 * would see another request than one reading the last.
 */
export function repeatedBody(r: Rand, schema: JsonSchema | undefined, ids: Ids, example?: Record<string, unknown>): string {
  const text = objectText(r, schema ?? {}, ids, 0, example);
  const names = Object.keys(JSON.parse(text) as object);
  if (names.length === 0 || r.chance(0.2)) return `{"a":{"b":1,"\\u0062":2}${text === '{}' ? '' : ',' + text.slice(1, -1)}}`;
  const name = r.pick(names);
  const spelt = r.chance(0.3) && name.length > 0 ? `"\\u${name.charCodeAt(0).toString(16).padStart(4, '0')}${JSON.stringify(name).slice(2)}` : JSON.stringify(name);
  return `${text.slice(0, -1)},${spelt}:${hostileValue(r)}}`;
}

/** Percent-encoding, with an unpaired surrogate sent as the bytes a careless encoder writes for it. */
const encodeQuery = (value: string) => value.replace(/[\ud800-\udfff]/g, '\u0001').split('\u0001').map(encodeURIComponent).join('%ED%A0%80');

/** A query string for an operation with this query schema (or none): hostile values and names. */
export function queryText(r: Rand, schema: JsonSchema | undefined, cursors: string[], ids: Ids): string {
  const params: string[] = [];
  for (const [name, prop] of Object.entries((schema?.properties ?? {}) as Record<string, JsonSchema>)) {
    if (!r.chance(0.3)) continue;
    const value = name === 'cursor' ? r.pick([...cursors, 'garbage', 'eyJ4Ijox', '']) : r.chance(0.5)
      ? r.pick([...strings.slice(0, 12), ...dates, ...instants, ...numbers, ...badIds])
      : plausible(r, name, prop, ids).replace(/^"|"$/g, '');
    params.push(`${name}=${encodeQuery(value)}`);
  }
  if (r.chance(0.15)) params.push(r.pick(['__proto__=x', 'constructor=x', '__proto__[a]=1', 'limit=1&limit=2', 'x%00=1', 'a=%F0%9F', 'sort=name', '=']));
  return params.length ? `?${params.join('&')}` : '';
}

/** Path parameters: mostly ids the caller holds, sometimes another workspace's, sometimes tricks. */
export function pathParam(r: Rand, own: string[], foreign: string[]): string {
  if (r.chance(0.7)) return r.pick(own);
  if (r.chance(0.5)) return r.pick(foreign);
  return r.pick([...badIds.map(encodeURIComponent), '..', '%2e%2e', '1%00', '1%2F2', '1;x', '%20', 'x'.repeat(300)]);
}

/** Headers a write may carry: If-Match and Idempotency-Key, good and bad. */
export function writeHeaders(r: Rand): Record<string, string> {
  const headers: Record<string, string> = {};
  if (r.chance(0.3)) headers['if-match'] = r.pick(['"1"', 'W/"2"', '*', '"-1"', '"99999999999"', 'x', '"1", junk', '', '"1",,"2"']);
  if (r.chance(0.3)) headers['idempotency-key'] = r.pick(['k-' + r.int(50), 'x'.repeat(300), 'has space', '\u00ff\u00fe', '']);
  if (r.chance(0.1)) headers['content-type'] = r.pick(['text/plain', 'application/json; charset=utf-16', 'application/merge-patch+json', 'multipart/form-data']);
  return headers;
}

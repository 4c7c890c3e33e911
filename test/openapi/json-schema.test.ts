import t from 'tap';
import * as v from 'valibot';
import { toJsonSchema } from '../../src/openapi/json-schema.js';
import { idPattern } from '../../src/ids.js';
import { address, date, id, listQuery, out, phone, timestamp } from '../../src/operations/schemas.js';

const timestampRule = 'RFC 3339, years 0001 to 9999, at most 6 fractional digits (microseconds), no leap second (`:60`).';

t.test('scalars', async (t) => {
  t.strictSame(toJsonSchema(v.string()), { type: 'string' });
  t.strictSame(toJsonSchema(v.number()), { type: 'number' });
  t.strictSame(toJsonSchema(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))), { type: 'integer', minimum: 1, maximum: 100 });
  t.strictSame(toJsonSchema(v.boolean()), { type: 'boolean' });
  t.strictSame(toJsonSchema(v.null()), { type: 'null' });
  t.strictSame(toJsonSchema(v.literal('x')), { const: 'x' });
  t.strictSame(toJsonSchema(v.picklist(['club', 'federation'])), { type: 'string', enum: ['club', 'federation'] });
  t.strictSame(toJsonSchema(v.enum({ A: 'a', B: 'b' })), { type: 'string', enum: ['a', 'b'] });
});

t.test('unknown kinds are {} rather than a throw', async (t) => {
  t.strictSame(toJsonSchema(v.unknown()), {});
  t.strictSame(toJsonSchema(v.any()), {});
  t.strictSame(toJsonSchema(v.instance(Date)), {});
  t.strictSame(toJsonSchema(v.lazy(() => v.string())), {});
  t.strictSame(toJsonSchema(v.pipe(v.unknown(), v.string())), { type: 'string' }, 'a later schema narrows unknown');
});

t.test('string pipes', async (t) => {
  t.strictSame(toJsonSchema(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100), v.description('A name.'))), {
    type: 'string', minLength: 1, maxLength: 100, description: 'A name.',
  });
  t.strictSame(toJsonSchema(id), { type: 'string', pattern: idPattern.source }, 'the id pattern bounds a 19-digit id at 2^63 - 1');
  t.strictSame(toJsonSchema(v.pipe(v.string(), v.email())), { type: 'string', format: 'email' });
  t.strictSame(toJsonSchema(v.pipe(v.string(), v.url())), { type: 'string', format: 'uri' });
  t.strictSame(toJsonSchema(v.pipe(v.string(), v.isoDate())), { type: 'string', format: 'date' });
  t.strictSame(toJsonSchema(v.pipe(v.string(), v.isoTimestamp())), { type: 'string', format: 'date-time' });
  t.strictSame(toJsonSchema(date), { type: 'string', pattern: '^(?!0000)\\d{4}-\\d{2}-\\d{2}$', format: 'date' }, 'regex dates earn a format');
  t.strictSame(toJsonSchema(timestamp), { type: 'string', pattern: '^(?!0000)[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,6})?([Zz]|[+-][0-9]{2}:[0-9]{2})$', format: 'date-time', description: timestampRule }, 'the stored range and precision as a pattern');
  t.strictSame(toJsonSchema(v.pipe(v.string(), v.length(2))), { type: 'string', minLength: 2, maxLength: 2 });
});

t.test('a pipe stops at a type-changing transform: the wire value', async (t) => {
  const limit = v.pipe(v.string(), v.regex(/^[0-9]{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100));
  t.strictSame(toJsonSchema(limit), { type: 'string', pattern: '^[0-9]{1,3}$' });
  t.strictSame(toJsonSchema(v.optional(limit, '25')), { type: 'string', pattern: '^[0-9]{1,3}$', default: '25' });
  t.strictSame(toJsonSchema(v.optional(v.string(), () => 'x')), { type: 'string' }, 'a computed default is left out');
});

t.test('objects', async (t) => {
  t.strictSame(toJsonSchema(v.strictObject({ a: v.string(), b: v.optional(v.number()), c: v.nullish(v.string()) })), {
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'number' }, c: { type: ['string', 'null'] } },
    required: ['a'],
    additionalProperties: false,
  });
  t.strictSame(toJsonSchema(v.object({ a: v.boolean() })), { type: 'object', properties: { a: { type: 'boolean' } }, required: ['a'] });
  t.strictSame(toJsonSchema(v.looseObject({})), { type: 'object', properties: {}, additionalProperties: true });
  t.strictSame(toJsonSchema(v.objectWithRest({}, v.number())), { type: 'object', properties: {}, additionalProperties: { type: 'number' } });
  t.strictSame(toJsonSchema(v.pipe(v.object({ n: v.number() }), v.description('Described.'))), {
    type: 'object', properties: { n: { type: 'number' } }, required: ['n'], description: 'Described.',
  });
  t.strictSame(toJsonSchema(v.object({ d: v.pipe(v.optional(v.string()), v.description('optional through a pipe')) })), {
    type: 'object', properties: { d: { type: 'string', description: 'optional through a pipe' } },
  });
  const json = toJsonSchema(address);
  t.strictSame(json.required, ['line1', 'postal_code', 'city', 'country']);
  t.strictSame((json.properties as Record<string, object>).line2, { type: ['string', 'null'], minLength: 1, maxLength: 200 });
});

t.test('nullable', async (t) => {
  t.strictSame(toJsonSchema(v.nullable(v.number())), { type: ['number', 'null'] });
  t.strictSame(toJsonSchema(v.nullable(v.picklist(['a', 'b']))), { type: ['string', 'null'], enum: ['a', 'b', null] });
  t.strictSame(toJsonSchema(v.nullable(v.literal('a'))), { anyOf: [{ const: 'a' }, { type: 'null' }] });
  t.strictSame(toJsonSchema(v.nullable(v.object({}))), { type: ['object', 'null'], properties: {} });
  t.strictSame(toJsonSchema(v.nullable(v.union([v.string(), v.number()]))), { anyOf: [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'null' }] });
  t.strictSame(toJsonSchema(v.pipe(v.nullable(v.string()), v.description('d'))), { type: ['string', 'null'], description: 'd' });
  t.strictSame(toJsonSchema(v.nullable(v.string(), 'x')), { type: ['string', 'null'], default: 'x' });
});

t.test('arrays, unions, variants, records, tuples', async (t) => {
  t.strictSame(toJsonSchema(v.pipe(v.array(v.string()), v.minLength(1), v.maxLength(5))), { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5 });
  t.strictSame(toJsonSchema(v.union([v.string(), v.number()])), { anyOf: [{ type: 'string' }, { type: 'number' }] });
  t.strictSame(toJsonSchema(v.union([v.literal('a'), v.literal('b')])), { type: 'string', enum: ['a', 'b'] });
  t.strictSame(toJsonSchema(v.variant('kind', [v.object({ kind: v.literal('a') }), v.object({ kind: v.literal('b'), n: v.number() })])), {
    oneOf: [
      { type: 'object', properties: { kind: { const: 'a' } }, required: ['kind'] },
      { type: 'object', properties: { kind: { const: 'b' }, n: { type: 'number' } }, required: ['kind', 'n'] },
    ],
  });
  t.strictSame(toJsonSchema(v.record(v.string(), v.number())), { type: 'object', additionalProperties: { type: 'number' } });
  t.strictSame(toJsonSchema(v.record(v.picklist(['x', 'y']), v.boolean())), {
    type: 'object', additionalProperties: { type: 'boolean' }, propertyNames: { type: 'string', enum: ['x', 'y'] },
  });
  t.strictSame(toJsonSchema(v.strictTuple([v.string(), v.number()])), { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], minItems: 2, items: false });
});

t.test('the shared list query', async (t) => {
  const json = toJsonSchema(listQuery({}));
  t.equal(json.additionalProperties, false);
  t.notOk(json.required, 'every list parameter is optional');
  t.strictSame((json.properties as Record<string, object>).limit, { type: 'string', pattern: '^[0-9]{1,3}$', default: '25' });
  t.strictSame((json.properties as Record<string, object>).updated_since, { type: 'string', pattern: '^(?!0000)[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,6})?([Zz]|[+-][0-9]{2}:[0-9]{2})$', format: 'date-time', description: timestampRule });
});

t.test('query parameters are described decoded: limit is an integer', async (t) => {
  const json = toJsonSchema(listQuery({}), { decoded: true });
  t.strictSame((json.properties as Record<string, object>).limit, { type: 'integer', minimum: 1, maximum: 100, default: 25 });
});

t.test('a phone pattern is not a date; output formats', async (t) => {
  t.strictSame(toJsonSchema(phone), { type: 'string', pattern: '^\\+?[0-9 ().-]{3,32}$' });
  t.strictSame(toJsonSchema(out.instant), { type: 'string', format: 'date-time' });
  t.strictSame(toJsonSchema(out.date), { type: 'string', format: 'date' });
  t.strictSame(toJsonSchema(out.integer), { type: 'integer' });
});

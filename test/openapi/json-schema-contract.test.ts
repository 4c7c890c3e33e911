// The contract of valibot's runtime structure that src/openapi/json-schema.ts walks, for the
// pinned valibot: one row per schema kind and pipe item the router table uses, each built here and
// converted, which reads the fields the walker relies on (entries, item, options, wrapped, pipe…). A valibot upgrade that moves one fails here; a schema
// kind new to the table fails the first test until it has its row (and the walker its case).
import t from 'tap';
import * as v from 'valibot';
import { operations } from '../../src/operations/index.js';
import { toJsonSchema } from '../../src/openapi/json-schema.js';

type Node = Record<string, unknown> & { kind?: string; type?: string };

const children = (node: Node): Node[] => [
  ...Object.values((node.entries ?? {}) as Record<string, Node>),
  ...((node.items ?? []) as Node[]), ...((node.options ?? []) as unknown[]).filter((o): o is Node => typeof o === 'object' && o !== null && 'kind' in o),
  ...((node.pipe ?? []) as Node[]).filter((p) => p !== node),
  ...[node.item, node.wrapped, node.key, node.value, node.rest].filter((n): n is Node => typeof n === 'object' && n !== null),
];

/** Every `kind:type` met in the table's schemas. */
function kindsInTable(): Set<string> {
  const met = new Set<string>();
  const seen = new Set<Node>();
  const walk = (node: Node) => {
    if (seen.has(node)) return;
    seen.add(node);
    met.add(`${node.kind}:${node.type}`);
    for (const child of children(node)) walk(child);
  };
  for (const op of operations) for (const part of [op.params, op.query, op.body, op.response]) if (part) walk(part as unknown as Node);
  return met;
}

// Each row: a schema of that kind, and the JSON Schema the walker makes of it by reading its fields.
const str = v.string();
const contract: Record<string, { schema: unknown; json: unknown }> = {
  'schema:string': { schema: str, json: { type: 'string' } },
  'schema:number': { schema: v.number(), json: { type: 'number' } },
  'schema:boolean': { schema: v.boolean(), json: { type: 'boolean' } },
  'schema:null': { schema: v.null(), json: { type: 'null' } },
  'schema:unknown': { schema: v.unknown(), json: {} },
  'schema:custom': { schema: v.custom(() => true), json: {} },
  'schema:literal': { schema: v.literal('x'), json: { const: 'x' } },
  'schema:picklist': { schema: v.picklist(['a', 'b']), json: { type: 'string', enum: ['a', 'b'] } },
  'schema:enum': { schema: v.enum({ A: 'a' }), json: { type: 'string', enum: ['a'] } },
  'schema:object': { schema: v.object({ a: str, b: v.optional(str) }), json: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'] } },
  'schema:strict_object': { schema: v.strictObject({ a: str }), json: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false } },
  'schema:loose_object': { schema: v.looseObject({}), json: { type: 'object', properties: {}, additionalProperties: true } },
  'schema:object_with_rest': { schema: v.objectWithRest({}, v.number()), json: { type: 'object', properties: {}, additionalProperties: { type: 'number' } } },
  'schema:array': { schema: v.array(str), json: { type: 'array', items: { type: 'string' } } },
  'schema:tuple': { schema: v.tuple([str]), json: { type: 'array', prefixItems: [{ type: 'string' }], minItems: 1 } },
  'schema:record': { schema: v.record(str, v.number()), json: { type: 'object', additionalProperties: { type: 'number' } } },
  'schema:union': { schema: v.union([str, v.number()]), json: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
  'schema:variant': { schema: v.variant('k', [v.object({ k: v.literal('a') })]), json: { oneOf: [{ type: 'object', properties: { k: { const: 'a' } }, required: ['k'] }] } },
  'schema:optional': { schema: v.optional(str, 'd'), json: { type: 'string', default: 'd' } },
  'schema:nullable': { schema: v.nullable(str), json: { type: ['string', 'null'] } },
  'schema:nullish': { schema: v.nullish(str), json: { type: ['string', 'null'] } },
  'validation:min_length': { schema: v.pipe(str, v.minLength(2)), json: { type: 'string', minLength: 2 } },
  'validation:max_length': { schema: v.pipe(str, v.maxLength(3)), json: { type: 'string', maxLength: 3 } },
  'validation:length': { schema: v.pipe(str, v.length(3)), json: { type: 'string', minLength: 3, maxLength: 3 } },
  'validation:non_empty': { schema: v.pipe(str, v.nonEmpty()), json: { type: 'string', minLength: 1 } },
  'validation:integer': { schema: v.pipe(v.number(), v.integer()), json: { type: 'integer' } },
  'validation:safe_integer': { schema: v.pipe(v.number(), v.safeInteger()), json: { type: 'integer' } },
  'validation:min_value': { schema: v.pipe(v.number(), v.minValue(1)), json: { type: 'number', minimum: 1 } },
  'validation:max_value': { schema: v.pipe(v.number(), v.maxValue(9)), json: { type: 'number', maximum: 9 } },
  'validation:regex': { schema: v.pipe(str, v.regex(/^\d{4}-\d{2}-\d{2}$/)), json: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' } },
  'validation:email': { schema: v.pipe(str, v.email()), json: { type: 'string', format: 'email' } },
  'validation:url': { schema: v.pipe(str, v.url()), json: { type: 'string', format: 'uri' } },
  'validation:iso_date': { schema: v.pipe(str, v.isoDate()), json: { type: 'string', format: 'date' } },
  'validation:iso_timestamp': { schema: v.pipe(str, v.isoTimestamp()), json: { type: 'string', format: 'date-time' } },
  'validation:check': { schema: v.pipe(str, v.check(() => true)), json: { type: 'string' } },
  'validation:raw_check': { schema: v.pipe(v.object({ a: str }), v.rawCheck(() => {})), json: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } },
  'metadata:description': { schema: v.pipe(str, v.description('d')), json: { type: 'string', description: 'd' } },
  'metadata:title': { schema: v.pipe(str, v.title('T')), json: { type: 'string', title: 'T' } },
  'metadata:examples': { schema: v.pipe(str, v.examples(['e'])), json: { type: 'string', examples: ['e'] } },
  'metadata:metadata': { schema: v.pipe(str, v.metadata({ format: 'uuid' })), json: { type: 'string', format: 'uuid' } },
  'transformation:trim': { schema: v.pipe(str, v.trim(), v.minLength(1)), json: { type: 'string', minLength: 1 } },
  'transformation:to_number': { schema: v.pipe(str, v.toNumber(), v.minValue(1)), json: { type: 'string' } },
  'transformation:transform': { schema: v.pipe(str, v.transform(Number), v.minValue(1)), json: { type: 'string' } },
};

t.test('every schema kind and pipe item of the table has its contract row', async (t) => {
  const missing = [...kindsInTable()].filter((kind) => !(kind in contract)).sort();
  t.same(missing, [], 'kinds the table uses that no row below pins');
});

t.test('each row: the walker finds the fields it reads where the pinned valibot puts them', async (t) => {
  for (const [kind, row] of Object.entries(contract)) t.same(toJsonSchema(row.schema as v.GenericSchema), row.json, kind);
});

// Why the hand-written converter stays (src/README.md, "Why the valibot → JSON Schema converter is hand-written"): `@valibot/to-json-schema` run over
// every schema of the router table, compared with ours. An upgrade of valibot or of the library
// that changes what it gets wrong on these schemas fails here: measure again, then decide again.
import t from 'tap';
import { isDeepStrictEqual } from 'node:util';
import { toJsonSchema as library } from '@valibot/to-json-schema';
import { operations } from '../../src/operations/index.js';
import { toJsonSchema, type JsonSchema } from '../../src/openapi/json-schema.js';
import type { Schema } from '../../src/operations/operation.js';

const parts = ['params', 'query', 'body', 'response'] as const;

/** Every distinct schema of the table, with the first place it appears. */
function tableSchemas(): { where: string; part: (typeof parts)[number]; schema: Schema }[] {
  const seen = new Set<Schema>();
  return operations.flatMap((op) => parts.flatMap((part) => {
    const schema = op[part as keyof typeof op] as Schema | undefined;
    if (!schema || seen.has(schema)) return [];
    seen.add(schema);
    return [{ where: `${op.id} ${part}`, part, schema }];
  }));
}

/** The library's schema and what it said it could not convert (its `warn` mode writes to console.warn). */
function libraryOutput(schema: Schema): { json: JsonSchema; refused: string[] } {
  const refused: string[] = [];
  const warn = console.warn;
  console.warn = (message: string) => refused.push(message);
  try {
    const { $schema: _, ...json } = library(schema, { target: 'draft-2020-12', typeMode: 'input', errorMode: 'warn' }) as JsonSchema;
    return { json, refused };
  } finally {
    console.warn = warn;
  }
}

const annotations = ['description', 'title', 'examples', 'default'];

/** "Or null" as anyOf with the annotations outside, and no empty `required`: one spelling of one meaning. */
function spelling(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(spelling);
  if (typeof x !== 'object' || x === null) return x;
  let node = Object.fromEntries(Object.entries(x).map(([k, v]) => [k, spelling(v)])) as JsonSchema;
  if (Array.isArray(node.required) && node.required.length === 0) delete node.required;
  if (Array.isArray(node.type) && node.type.length === 2 && node.type.includes('null')) {
    const { type, enum: values, ...rest } = node;
    const inner: JsonSchema = { ...rest, type: (type as string[]).find((name) => name !== 'null') };
    if (Array.isArray(values)) inner.enum = values.filter((value) => value !== null);
    node = { anyOf: [inner, { type: 'null' }] };
  }
  if (Array.isArray(node.anyOf) && node.anyOf.length === 2 && isDeepStrictEqual(node.anyOf[1], { type: 'null' })) {
    const inner = { ...(node.anyOf[0] as JsonSchema) };
    for (const key of annotations) {
      if (inner[key] !== undefined && node[key] === undefined) node[key] = inner[key];
      delete inner[key];
    }
    node.anyOf = [inner, { type: 'null' }];
  }
  return node;
}

const decodedNumber = 'a query number: ours describes it decoded (integer, minimum, maximum), the library as its wire string';
const regexDate = 'a YYYY-MM-DD regex: ours adds format "date", the library only the pattern';
const listItems = 'an array whose length is judged before its items (list()): the library stops at the pipe\'s second schema, so it has no items (nor what the pipe adds after them)';
const integerPicklist = 'a picklist of integers (legs): ours says integer, the library number';

/** Where two normalised schemas differ, by kind of difference. */
function differences(ours: unknown, theirs: unknown, path: string, found: Set<string>): void {
  if (isDeepStrictEqual(ours, theirs)) return;
  const a = ours as JsonSchema, b = theirs as JsonSchema;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    found.add(`other at ${path}`);
    return;
  }
  if ((a.type === 'integer' || a.type === 'number') && b.type === 'string') return void found.add(decodedNumber);
  if (a.type === 'array' && b.type === 'array' && isDeepStrictEqual(b.items, {})) return void found.add(listItems);
  if (a.type === 'integer' && b.type === 'number' && isDeepStrictEqual({ ...a, type: 'number' }, b)) return void found.add(integerPicklist);
  const { format, ...rest } = a;
  if (format === 'date' && typeof b.pattern === 'string' && isDeepStrictEqual(rest, b)) return void found.add(regexDate);
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) differences(a[key], b[key], `${path}/${key}`, found);
}

t.test('@valibot/to-json-schema on the router table, against the hand-written converter', async (t) => {
  const schemas = tableSchemas();
  const refused = new Set<string>();
  const found = new Set<string>();
  let sameText = 0, sameMeaning = 0;
  for (const { where, part, schema } of schemas) {
    const ours = toJsonSchema(schema, { decoded: part === 'query' });
    const theirs = libraryOutput(schema);
    for (const message of theirs.refused) refused.add(message);
    if (isDeepStrictEqual(ours, theirs.json)) sameText++;
    else if (isDeepStrictEqual(spelling(ours), spelling(theirs.json))) sameMeaning++;
    else differences(spelling(ours), spelling(theirs.json), where, found);
  }
  t.comment(`${schemas.length} schemas: ${sameText} identical, ${sameMeaning} the same but for the spelling of null, ${schemas.length - sameText - sameMeaning} different`);

  t.strictSame([...refused].sort(), [
    'The "check" action cannot be converted to JSON Schema.',
    'The "custom" schema cannot be converted to JSON Schema.',
    'The "raw_check" action cannot be converted to JSON Schema.',
    'The "trim" action cannot be converted to JSON Schema.',
  ], 'the library refuses check, raw_check, custom and trim (ours leaves them out, as the library does with errorMode ignore)');
  t.strictSame([...found].sort(), [decodedNumber, integerPicklist, regexDate, listItems].sort(), 'beyond spelling, the outputs differ in decoded query numbers, integer picklists, regex dates and bounded lists, nothing else');
  t.ok(sameMeaning > 0, 'ours writes "or null" as a type array where the library writes anyOf');
});

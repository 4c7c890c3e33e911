// The convention every operation follows: a titled (named) schema with an example for each
// request body and each resource, the example accepted by its own schema; exact types by name.
import t from 'tap';
import * as v from 'valibot';
import { generateOpenApi } from '../../src/openapi/generate.js';
import { exampleOf } from '../../src/openapi/responses.js';
import { operations } from '../../src/operations/index.js';
import type { Schema } from '../../src/operations/operation.js';

type Json = Record<string, any>;
const titleOf = (schema: Schema | undefined) =>
  (schema as unknown as { pipe?: { type: string; title?: string }[] } | undefined)?.pipe?.find((a) => a.type === 'title')?.title;

t.test('every body and resource schema is titled, with an example its schema accepts', async (t) => {
  for (const op of operations) {
    for (const [what, schema] of [['body', op.body], ['response', op.response]] as const) {
      if (!schema) continue;
      t.match(titleOf(schema), /^[A-Z][A-Za-z0-9]+$/, `${op.id} ${what}: titled in PascalCase`);
      const example = exampleOf(schema);
      t.ok(example !== undefined, `${op.id} ${what}: has an example`);
      const parsed = v.safeParse(schema, example);
      t.ok(parsed.success, `${op.id} ${what}: the example is valid${parsed.success ? '' : ': ' + JSON.stringify(v.flatten(parsed.issues))}`);
    }
  }
});

const doc = generateOpenApi(operations, '0') as Json;
const methods = ['get', 'put', 'post', 'patch', 'delete'];

t.test('every request body and success response of the document carries an example', async (t) => {
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const method of methods.filter((m) => item[m])) {
      const op = item[method];
      for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Json)) t.ok(media.example, `${op.operationId} body ${type}`);
      for (const [status, response] of Object.entries(op.responses as Json).filter(([s]) => s < '300')) {
        t.ok(response.content['application/json'].example, `${op.operationId} ${status}`);
      }
      t.ok(op.responses['405'], `${method.toUpperCase()} ${path} documents 405`);
    }
  }
});

// Walks every property schema of the document with its name.
function properties(node: unknown, out: [string, Json][] = []): [string, Json][] {
  if (Array.isArray(node)) node.forEach((n) => properties(n, out));
  else if (node && typeof node === 'object') {
    const props = (node as Json).properties;
    if (props && typeof props === 'object') for (const [name, schema] of Object.entries(props as Json)) out.push([name, schema as Json]);
    for (const value of Object.values(node)) properties(value, out);
  }
  return out;
}

const plain = (s: Json): Json => (s.anyOf ? s.anyOf.find((x: Json) => x.type !== 'null') ?? s : s);
const typeOf = (s: Json) => [plain(s).type].flat().filter((x) => x !== 'null');

t.test('exact types and formats, by member name', async (t) => {
  // /health's `version` is the service's own version string.
  const all = properties(doc.components.schemas).concat(properties(Object.entries(doc.paths).filter(([path]) => path !== '/health')));
  t.ok(all.length > 50);
  for (const [name, raw] of all) {
    const s = plain(raw);
    if (s.$ref) continue;
    if (['version', 'limit', 'window_seconds'].includes(name)) t.same(typeOf(s), ['integer'], `${name} is an integer`);
    if (/_at$|^occurred_at$/.test(name)) t.equal(s.format, 'date-time', `${name} is a date-time`);
    if (/_on$|^birth_date$/.test(name)) t.equal(s.format, 'date', `${name} is a date`);
    if (name === 'email') t.equal(s.format, 'email', 'email');
    if (name === 'phone') t.notOk(s.format, 'a phone number has no date format');
    if (/url$|^website$/.test(name)) t.equal(s.format, 'uri', `${name} is a uri`);
  }
  const limits = Object.values(doc.paths as Json).flatMap((item: Json) => methods.flatMap((m) => item[m]?.parameters ?? []))
    .filter((p: Json) => p.name === 'limit');
  t.ok(limits.length > 0);
  for (const p of limits) t.match(p.schema, { type: 'integer', minimum: 1, maximum: 100, default: 25 });
});

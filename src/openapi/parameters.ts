// Parameters and request body of one operation, from its row's valibot schemas.
import type { Operation, Schema } from '../operations/operation.js';
import type { ParameterName } from './components.js';
import { isOptional, toJsonSchema, type Context, type JsonSchema } from './json-schema.js';
import { exampleOf, hasEtag } from './responses.js';

interface Entries {
  [name: string]: Schema;
}

/** The entries of an object schema; a pipe copies its root's, so they are read the same way. */
function entriesOf(schema: Schema | undefined): Entries {
  const node = schema as { entries?: Entries } | undefined;
  return node?.entries ?? {};
}

export function pathNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

// The description reads better on the parameter than inside its schema.
function parameter(name: string, where: 'path' | 'query', schema: Schema | undefined, required: boolean): object {
  const { description, ...json }: JsonSchema = schema ? toJsonSchema(schema, { decoded: true }) : { type: 'string' };
  const out: Record<string, unknown> = { name, in: where, required, schema: json };
  if (typeof description === 'string') out.description = description;
  else if (where === 'path') out.description = 'An identifier: a decimal string.';
  return out;
}

const ref = (name: ParameterName) => ({ $ref: `#/components/parameters/${name}` });

export function parametersOf(op: Operation): object[] {
  const params = entriesOf(op.params);
  const out: object[] = pathNames(op.path).map((name) => parameter(name, 'path', params[name], true));
  for (const [name, schema] of Object.entries(entriesOf(op.query))) out.push(parameter(name, 'query', schema, !isOptional(schema)));
  if (op.method === 'POST') out.push(ref('IdempotencyKey'));
  if (op.lock) out.push(ref('IfMatch'));
  if (hasEtag(op) && op.method === 'GET') out.push(ref('IfNoneMatch'));
  if (op.body) out.push(ref('ContentDigest'));
  out.push(ref('RequestId'));
  return out;
}

export function requestBodyOf(op: Operation, ctx: Context = {}): object | undefined {
  if (!op.body) return undefined;
  const schema = toJsonSchema(op.body, ctx);
  const example = exampleOf(op.body);
  const media = () => ({ schema: structuredClone(schema), ...(example !== undefined ? { example } : {}) });
  const content: Record<string, object> = { 'application/json': media() };
  if (op.method === 'PATCH') content['application/merge-patch+json'] = media();
  // A body whose every member is optional (an action's `{}`) may also be left out.
  const resolved = typeof schema.$ref === 'string' && ctx.components ? ctx.components[schema.$ref.split('/').pop()!]! : schema;
  const required = Array.isArray(resolved.required) && resolved.required.length > 0;
  const description = op.method === 'PATCH'
    ? 'JSON merge patch (RFC 7396): an absent member is unchanged, `null` clears a nullable one. Unknown members are 422 `validation_failed`.'
    : 'A JSON object of at most 1 MiB. Unknown members are 422 `validation_failed`.';
  return { required, description, content };
}

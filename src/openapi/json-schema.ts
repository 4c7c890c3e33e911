// valibot schema → JSON Schema (2020-12, the dialect of OpenAPI 3.1), by walking the schema's
// runtime structure. It describes the wire value: a pipe is read up to its first
// type-changing transformation. Query parameters are described decoded: `v.toNumber()` makes
// the `limit` string an integer parameter, which is how OpenAPI serialises one in a query.
// A schema piped with `v.title('Name')` becomes the component `Name`, referenced where it appears.
import type * as v from 'valibot';
import { applyAction, changesType, type Action, type JsonSchema } from './json-schema-actions.js';

export type { JsonSchema };

interface Node extends Action {
  entries?: Record<string, Node>;
  item?: Node;
  items?: Node[];
  options?: unknown[];
  wrapped?: Node;
  default?: unknown;
  key?: Node;
  value?: Node;
  literal?: unknown;
  rest?: Node;
  pipe?: (Node | Action)[];
}

/** Where titled schemas are collected, and whether query values are described decoded. */
export interface Context {
  components?: Record<string, JsonSchema>;
  decoded?: boolean;
}

const origins = new WeakMap<Record<string, JsonSchema>, Map<string, unknown>>();

/** Entry types that make an object member optional (as valibot's object schemas decide it). */
const optionalTypes = new Set(['optional', 'exact_optional', 'nullish']);

export function isOptional(schema: v.GenericSchema | Node): boolean {
  return optionalTypes.has((schema as Node).type);
}

/** Adds `null` to a schema: a type array where the schema has a plain `type`, else anyOf. */
function withNull(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string' && schema.const === undefined) {
    const out: JsonSchema = { ...schema, type: [schema.type, 'null'] };
    if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
    return out;
  }
  if (Array.isArray(schema.type) && schema.const === undefined && schema.enum === undefined) {
    return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

function withDefault(schema: JsonSchema, node: Node): JsonSchema {
  const d = node.default;
  if (d === undefined || typeof d === 'function') return schema;
  const numeric = schema.type === 'integer' || schema.type === 'number';
  return { ...schema, default: numeric && typeof d === 'string' ? Number(d) : d };
}

function jsonType(values: unknown[]): string | undefined {
  const types = new Set(values.map((x) => (x === null ? 'null' : typeof x)));
  if (types.size !== 1) return undefined;
  const [t] = types;
  if (t === 'number') return values.every((x) => Number.isInteger(x)) ? 'integer' : 'number';
  return t === 'string' || t === 'boolean' ? t : undefined;
}

function enumOf(values: unknown[]): JsonSchema {
  const type = jsonType(values);
  return type ? { type, enum: values } : { enum: values };
}

function objectSchema(node: Node, ctx: Context): JsonSchema {
  const entries = node.entries ?? {};
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, entry] of Object.entries(entries)) {
    properties[name] = convert(entry, ctx);
    if (!isOptional(entry)) required.push(name);
  }
  const out: JsonSchema = { type: 'object', properties };
  if (required.length > 0) out.required = required;
  if (node.type === 'strict_object') out.additionalProperties = false;
  if (node.type === 'loose_object') out.additionalProperties = true;
  if (node.type === 'object_with_rest' && node.rest) out.additionalProperties = convert(node.rest, ctx);
  return out;
}

function union(node: Node, keyword: 'anyOf' | 'oneOf', ctx: Context): JsonSchema {
  const options = (node.options ?? []) as Node[];
  if (options.every((o) => o.type === 'literal' && !o.pipe)) return enumOf(options.map((o) => o.literal));
  return { [keyword]: options.map((o) => convert(o, ctx)) };
}

function tuple(node: Node, ctx: Context): JsonSchema {
  const items = node.items ?? [];
  const out: JsonSchema = { type: 'array', prefixItems: items.map((i) => convert(i, ctx)), minItems: items.length };
  if (node.type === 'strict_tuple') out.items = false;
  if (node.type === 'tuple_with_rest' && node.rest) out.items = convert(node.rest, ctx);
  return out;
}

function record(node: Node, ctx: Context): JsonSchema {
  const out: JsonSchema = { type: 'object', additionalProperties: node.value ? convert(node.value, ctx) : {} };
  const names = node.key ? convert(node.key, ctx) : {};
  if (!(Object.keys(names).length === 1 && names.type === 'string')) out.propertyNames = names;
  return out;
}

function base(node: Node, ctx: Context): JsonSchema {
  switch (node.type) {
    case 'string': return { type: 'string' };
    case 'number': return { type: 'number' };
    case 'bigint': return { type: 'integer' };
    case 'boolean': return { type: 'boolean' };
    case 'null': return { type: 'null' };
    case 'date': return { type: 'string', format: 'date-time' };
    case 'never': return { not: {} };
    case 'literal': return { const: node.literal };
    case 'picklist':
    case 'enum': return enumOf(node.options ?? []);
    case 'object':
    case 'strict_object':
    case 'loose_object':
    case 'object_with_rest': return objectSchema(node, ctx);
    case 'array': return { type: 'array', items: node.item ? convert(node.item, ctx) : {} };
    case 'tuple':
    case 'strict_tuple':
    case 'loose_tuple':
    case 'tuple_with_rest': return tuple(node, ctx);
    case 'record': return record(node, ctx);
    case 'union': return union(node, 'anyOf', ctx);
    case 'variant': return union(node, 'oneOf', ctx);
    case 'intersect': return { allOf: ((node.options ?? []) as Node[]).map((o) => convert(o, ctx)) };
    case 'optional':
    case 'exact_optional':
    case 'undefinedable':
    case 'non_optional':
    case 'non_nullable':
    case 'non_nullish': return withDefault(convert(node.wrapped!, ctx), node);
    case 'nullable':
    case 'nullish': return withDefault(withNull(convert(node.wrapped!, ctx)), node);
    default: return {};
  }
}

function pipeSchema(node: Node, ctx: Context): JsonSchema {
  const [root, ...actions] = node.pipe!;
  let schema = convert(root as Node, ctx);
  for (const item of actions) {
    if (ctx.decoded && item.type === 'to_number') {
      schema = withNumberType(schema);
      continue;
    }
    if (changesType(item)) break;
    // A later schema in a pipe narrows an `unknown` root, or gives the items of an array whose
    // length the root judged first (`list` in src/operations/schemas.ts): it then describes the value.
    if (item.kind === 'schema') {
      if (Object.keys(schema).length === 0) schema = convert(item as Node, ctx);
      else if (schema.type === 'array' && item.type === 'array') schema = { ...schema, ...convert(item as Node, ctx) };
      continue;
    }
    applyAction(schema, item);
  }
  return schema;
}

// A decoded number keeps what its string said of it (a description), not its string rules.
function withNumberType(schema: JsonSchema): JsonSchema {
  const { description, default: d } = schema;
  return { type: 'number', ...(description ? { description } : {}), ...(d !== undefined ? { default: d } : {}) };
}

function titleOf(node: Node): string | undefined {
  return (node.pipe?.find((item) => item.type === 'title') as Action | undefined)?.title;
}

/** A titled schema is converted once into `components`; every place it appears refers to it. */
function named(node: Node, title: string, ctx: Context): JsonSchema {
  const components = ctx.components!;
  const seen = origins.get(components) ?? new Map<string, unknown>();
  origins.set(components, seen);
  if (seen.has(title) && seen.get(title) !== node) throw new Error(`two different schemas are titled ${title}`);
  if (!seen.has(title)) {
    seen.set(title, node);
    const { title: _, ...schema } = pipeSchema(node, ctx);
    components[title] = schema;
  }
  return { $ref: `#/components/schemas/${title}` };
}

function convert(node: Node, ctx: Context): JsonSchema {
  if (!node.pipe) return base(node, ctx);
  const title = titleOf(node);
  return title && ctx.components ? named(node, title, ctx) : pipeSchema(node, ctx);
}

/**
 * The JSON Schema of a valibot schema; kinds JSON cannot express map to `{}`, never a throw.
 * With `ctx.components`, titled schemas are collected there and referenced.
 */
export function toJsonSchema(schema: v.GenericSchema | v.GenericSchemaAsync, ctx: Context = {}): JsonSchema {
  return convert(schema as Node, ctx);
}

// Success responses of a /v1 operation: the `{ data, meta }` envelope, its headers and example.
import type { Operation, Schema } from '../operations/operation.js';
import { everyResponse, headerRefs, rateLimitHeaders, type HeaderName } from './components.js';
import { toJsonSchema, type Context, type JsonSchema } from './json-schema.js';

/** The first of a schema's `v.examples([...])`, titled or not, looked up through optional wrappers. */
export function exampleOf(schema: Schema | undefined): unknown {
  let node = schema as { pipe?: { type: string; examples?: unknown[] }[]; wrapped?: unknown } | undefined;
  while (node && !node.pipe && node.wrapped) node = node.wrapped as typeof node;
  return node?.pipe?.find((item) => item.type === 'examples')?.examples?.[0];
}

export function envelope(op: Operation, ctx: Context = {}): JsonSchema {
  const item = toJsonSchema(op.response, ctx);
  if (op.list) {
    return {
      type: 'object',
      required: ['data', 'meta'],
      properties: { data: { type: 'array', items: item }, meta: { $ref: '#/components/schemas/ListMeta' } },
      additionalProperties: false,
    };
  }
  return { type: 'object', required: ['data'], properties: { data: item, meta: { $ref: '#/components/schemas/ResourceMeta' } }, additionalProperties: false };
}

/** The example answer: the resource's example in the envelope (a list shows a last page of one). */
function envelopeExample(op: Operation): object | undefined {
  const item = exampleOf(op.response);
  if (item === undefined) return undefined;
  return op.list ? { data: [item], meta: { next_cursor: null } } : { data: item };
}

// Only a resource with a `version` has an ETag to send (conventions.md, optimistic concurrency).
export function hasEtag(op: Operation): boolean {
  const entries = (op.response as { entries?: Record<string, unknown> }).entries;
  return !op.list && entries !== undefined && 'version' in entries;
}

/**
 * The success statuses of an operation: what its row declares, else 201 for a `create` or a
 * `request`, 200 and 201 for a PUT (it creates or replaces), 200 for the rest.
 */
function successStatuses(op: Operation): readonly number[] {
  if (op.status !== undefined) return op.status;
  if (op.method === 'PUT') return [200, 201];
  // A create, and a request that files a new resource (a license, a transfer), answer 201.
  if (op.method === 'POST' && /\.(create|request)$/.test(op.id)) return [201];
  return [200];
}

const parent = (path: string): string => path.slice(0, path.lastIndexOf('/'));

/**
 * Where a 201's resource can be read: the GET of its own URL (a POST's collection path plus its
 * id, a PUT's own path) when the table has one, which the answer names in `Location`; else the
 * nearest GET up its path, which shows it (a team its roster, a competition the club's entries).
 */
function createdAt(op: Operation, ops: readonly Operation[]): { location: boolean; shownBy?: Operation } {
  const gets = ops.filter((o) => o.method === 'GET');
  const own = op.method === 'POST' ? gets.find((o) => o.path.startsWith(`${op.path}/{`) && !o.path.slice(op.path.length + 1).includes('/')) : gets.find((o) => o.path === op.path);
  if (own) return { location: true, shownBy: own };
  for (let path = op.method === 'POST' ? op.path : parent(op.path); path.length > '/v1'.length; path = parent(path)) {
    const shownBy = gets.find((o) => o.path === path);
    if (shownBy) return { location: false, shownBy };
  }
  return { location: false };
}

function describe(op: Operation, status: number, ops: readonly Operation[]): string {
  if (status === 201) {
    const { location, shownBy } = createdAt(op, ops);
    if (location) return `Created: the new resource; \`Location\` is its URL, answered by \`${shownBy!.id}\`.`;
    return `Created: the new resource. It has no URL of its own, so there is no \`Location\`${shownBy ? `: \`${shownBy.id}\` (GET ${shownBy.path}) shows it` : ''}.`;
  }
  if (op.list) return 'A page of the list, in order; `meta.next_cursor` leads to the next one.';
  if (op.method === 'PUT') return 'Replaced: the resource as it is now.';
  return op.method === 'GET' ? 'OK' : 'Done: the resource as it is now.';
}

export function successResponses(op: Operation, ops: readonly Operation[], ctx: Context = {}): Record<string, object> {
  const schema = envelope(op, ctx);
  const example = envelopeExample(op);
  const out: Record<string, object> = {};
  for (const status of successStatuses(op)) {
    const names: HeaderName[] = [];
    if (status === 201 && createdAt(op, ops).location) names.push('Location');
    // Every answer that is one versioned resource carries its ETag: reads, creates, changes and actions.
    if (hasEtag(op)) names.push('ETag');
    if (op.method === 'POST') names.push('Idempotent-Replayed');
    out[String(status)] = {
      description: describe(op, status, ops),
      headers: headerRefs([...everyResponse, ...rateLimitHeaders, ...names]),
      content: { 'application/json': { schema: structuredClone(schema), ...(example ? { example } : {}) } },
    };
  }
  if (op.method === 'GET' && hasEtag(op)) {
    out['304'] = { description: 'Not modified: If-None-Match names the current version; no body.', headers: headerRefs([...everyResponse, ...rateLimitHeaders, 'ETag']) };
  }
  return out;
}

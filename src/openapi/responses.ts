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
    };
  }
  return { type: 'object', required: ['data'], properties: { data: item, meta: { type: 'object' } } };
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
 * The one success status of an operation: what its row declares, else 201 for a `create` or a
 * `request`, 200 and 201 for a PUT (it creates or replaces), 200 for the rest.
 */
function successStatuses(op: Operation): number[] {
  const declared = (op as { status?: number | number[] }).status;
  if (declared !== undefined) return Array.isArray(declared) ? declared : [declared];
  if (op.method === 'PUT') return [200, 201];
  // A create, and a request that files a new resource (a license, a transfer), answer 201 with Location.
  if (op.method === 'POST' && /\.(create|request)$/.test(op.id)) return [201];
  return [200];
}

function describe(op: Operation, status: number): string {
  if (status === 201) return 'Created: the new resource, its URL in Location.';
  if (op.list) return 'A page of the list, in order; `meta.next_cursor` leads to the next one.';
  if (op.method === 'PUT') return 'Replaced: the resource as it is now.';
  return op.method === 'GET' ? 'OK' : 'Done: the resource as it is now.';
}

export function successResponses(op: Operation, ctx: Context = {}): Record<string, object> {
  const schema = envelope(op, ctx);
  const example = envelopeExample(op);
  const out: Record<string, object> = {};
  for (const status of successStatuses(op)) {
    const names: HeaderName[] = [];
    if (status === 201) names.push('Location');
    // Every answer that is one versioned resource carries its ETag: reads, creates, changes and actions.
    if (hasEtag(op)) names.push('ETag');
    if (op.method === 'POST') names.push('Idempotent-Replayed');
    out[String(status)] = {
      description: describe(op, status),
      headers: headerRefs([...everyResponse, ...rateLimitHeaders, ...names]),
      content: { 'application/json': { schema: structuredClone(schema), ...(example ? { example } : {}) } },
    };
  }
  if (op.method === 'GET' && hasEtag(op)) {
    out['304'] = { description: 'Not modified: If-None-Match names the current version; no body.', headers: headerRefs([...everyResponse, ...rateLimitHeaders, 'ETag']) };
  }
  return out;
}

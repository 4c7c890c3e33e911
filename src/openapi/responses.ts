// Success responses of a /v1 operation: the `{ data, meta }` envelope and its headers.
import type { Operation } from '../operations/operation.js';
import { headerRefs, rateLimitHeaders, type HeaderName } from './components.js';
import { toJsonSchema, type JsonSchema } from './json-schema.js';

export function envelope(op: Operation): JsonSchema {
  const item = toJsonSchema(op.response);
  if (op.list) {
    return {
      type: 'object',
      required: ['data', 'meta'],
      properties: { data: { type: 'array', items: item }, meta: { $ref: '#/components/schemas/ListMeta' } },
    };
  }
  return { type: 'object', required: ['data'], properties: { data: item, meta: { type: 'object' } } };
}

// Only a resource with a `version` has an ETag to send (conventions.md, optimistic concurrency).
function hasEtag(op: Operation): boolean {
  const entries = (op.response as { entries?: Record<string, unknown> }).entries;
  return op.method === 'GET' && !op.list && entries !== undefined && 'version' in entries;
}

function response(op: Operation, description: string, names: HeaderName[]): object {
  return {
    description,
    headers: headerRefs(['X-Request-Id', ...rateLimitHeaders, ...names]),
    content: { 'application/json': { schema: envelope(op) } },
  };
}

export function successResponses(op: Operation): Record<string, object> {
  const replay: HeaderName[] = op.method === 'POST' ? ['Idempotent-Replayed'] : [];
  if (op.method === 'POST' || op.method === 'PUT') {
    return {
      200: response(op, 'Done: the resulting resource.', replay),
      201: response(op, 'Created: the new resource, its URL in Location.', ['Location', ...replay]),
    };
  }
  const description = op.list ? 'A page of the list, in order; `meta.next_cursor` leads to the next one.' : 'OK';
  return { 200: response(op, description, hasEtag(op) ? ['ETag'] : []) };
}

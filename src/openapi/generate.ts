// The OpenAPI 3.1 reference, generated from the operation table: one path item per path
// template, one operation per row.
import type { Operation } from '../operations/operation.js';
import { components, everyResponse, headerRefs, signatureScheme } from './components.js';
import { errorCodes, errorResponses, healthErrors, sharedCodes } from './errors.js';
import type { ErrorCode } from '../errors.js';
import { guideDescription, tagGuide } from './guide.js';
import type { Context, JsonSchema } from './json-schema.js';
import { parametersOf, requestBodyOf } from './parameters.js';
import { successResponses } from './responses.js';

const kinds = new Set(['club', 'federation']);

/** The resource of an id: `club.members.list` → `members`, `me.get` → `me`. */
export function tagOf(id: string): string {
  const parts = id.split('.').slice(0, -1);
  if (parts.length > 1 && kinds.has(parts[0]!)) parts.shift();
  return parts.join('.') || id;
}

function describe(op: Operation): string {
  const who = op.kind === 'any' ? 'Club and federation credentials.' : `${op.kind === 'club' ? 'Club' : 'Federation'} credentials only (others get 404).`;
  const scope = op.scope ? `Requires scope \`${op.scope}\`.` : 'Any valid credential; no scope required.';
  return `${scope} ${who}`;
}

function operationObject(op: Operation, ctx: Context, shared: Set<ErrorCode>, ops: readonly Operation[]): object {
  const requestBody = requestBodyOf(op, ctx);
  return {
    operationId: op.id,
    summary: op.summary,
    description: describe(op),
    tags: [tagOf(op.id)],
    'x-scope': op.scope,
    'x-workspace-kind': op.kind,
    // OpenAPI 3.1 would let the requirement list the scope as a role, but linters (spectral's
    // oas3-operation-security-defined) still read such a list as OAuth scopes: it stays in x-scope.
    security: [{ [signatureScheme]: [] }],
    parameters: parametersOf(op),
    ...(requestBody ? { requestBody } : {}),
    responses: { ...successResponses(op, ops, ctx), ...errorResponses(errorCodes(op, shared), op.reasons) },
  };
}

const health = {
  operationId: 'health.get',
  summary: 'Liveness and database reachability',
  description: 'Public: not signed, not rate-limited. No secrets, no counts.',
  tags: ['health'],
  security: [],
  responses: {
    200: {
      description: 'The service and its database answer.',
      headers: headerRefs(everyResponse),
      content: { 'application/json': { schema: healthSchema('ok', 'ok'), example: { status: 'ok', database: 'ok', version: '0.1.0' } } },
    },
    ...healthErrors(),
    503: {
      description: 'The database did not answer within 1 s.',
      headers: headerRefs([...everyResponse, 'Retry-After']),
      content: { 'application/json': { schema: healthSchema('unavailable', 'unreachable'), example: { status: 'unavailable', database: 'unreachable', version: '0.1.0' } } },
    },
  },
};

function healthSchema(status: string, database: string): object {
  return {
    type: 'object',
    required: ['status', 'database', 'version'],
    properties: { status: { type: 'string', const: status }, database: { type: 'string', const: database }, version: { type: 'string' } },
    additionalProperties: false,
  };
}

function tagDescription(name: string): string {
  const lead = name === 'health' ? 'Liveness of the service and its database (public).' : `Operations on ${name.replace(/[._]/g, ' ')}.`;
  const guide = tagGuide(name);
  return guide ? `${lead}\n\n${guide}` : lead;
}

/** Every scope an operation of the table requires, with the operations that require it. */
function scopeDescriptions(ops: readonly Operation[]): Record<string, string> {
  const byScope = new Map<string, string[]>();
  for (const op of ops) if (op.scope) byScope.set(op.scope, [...(byScope.get(op.scope) ?? []), op.id]);
  return Object.fromEntries([...byScope].sort(([a], [b]) => a.localeCompare(b)).map(([scope, ids]) => [scope, `Required by ${ids.join(', ')}.`]));
}

export function generateOpenApi(ops: Operation[], version: string): object {
  const schemas: Record<string, JsonSchema> = {};
  const ctx: Context = { components: schemas };
  const paths: Record<string, Record<string, object>> = { '/health': { get: health } };
  const shared = sharedCodes(ops);
  const sorted = [...ops].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const op of sorted) {
    const item = (paths[op.path] ??= {});
    item[op.method.toLowerCase()] = operationObject(op, ctx, shared, ops);
  }
  const tags = [...new Set(['health', ...ops.map((op) => tagOf(op.id))])].sort().map((name) => ({ name, description: tagDescription(name) }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner API', version, description: guideDescription(),
      contact: { name: 'Partner API support', email: 'partners@example.org' },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      {
        url: 'https://{host}', description: 'Production: HTTPS on port 443, at the address the operator gives each partner.',
        variables: { host: { default: 'partner-api.example.org', description: 'The operator\'s host name (a placeholder here).' } },
      },
      { url: 'http://127.0.0.1:3020', description: 'A local service (npm start).' },
    ],
    tags,
    paths,
    components: components(Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))), scopeDescriptions(ops)),
  };
}

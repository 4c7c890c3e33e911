// The error responses of a /v1 operation: which catalog codes it can answer, grouped by status.
import { catalog, type ErrorCode, type Reason } from '../errors.js';
import type { Operation } from '../operations/operation.js';
import { headerRefs, rateLimitHeaders, type HeaderName } from './components.js';

const always: ErrorCode[] = [
  'invalid_request', 'invalid_query',
  'signature_required', 'signature_invalid', 'signature_expired', 'replayed_request', 'unknown_key', 'credential_revoked', 'unsupported_credentials',
  'not_found', 'rate_limited', 'internal_error', 'service_unavailable',
];

/** The catalog codes an operation can answer, in catalog order. */
export function errorCodes(op: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>(always);
  const write = op.method !== 'GET';
  if (op.list) codes.add('invalid_cursor');
  if (op.scope) codes.add('insufficient_scope');
  for (const c of op.refusals ?? []) codes.add(c);
  if (op.reasons?.length) codes.add('rule_violation');
  if (op.method === 'POST') codes.add('idempotency_key_in_use').add('idempotency_key_reused');
  if (op.lock && write) codes.add('precondition_failed');
  if (op.body) for (const c of ['digest_mismatch', 'payload_too_large', 'unsupported_media_type', 'validation_failed'] as const) codes.add(c);
  return (Object.keys(catalog) as ErrorCode[]).filter((c) => codes.has(c));
}

const statusText: Record<number, string> = {
  400: 'Bad request', 401: 'Unauthenticated', 403: 'Forbidden', 404: 'Not found', 405: 'Method not allowed',
  409: 'Conflict', 412: 'Precondition failed', 413: 'Payload too large', 415: 'Unsupported media type',
  422: 'Unprocessable content', 429: 'Too many requests', 500: 'Internal error', 503: 'Service unavailable',
};

// Rate-limit headers come with every response to an authenticated request: not with a 401,
// and a 503 may come before the credential is known.
function headersFor(status: number): HeaderName[] {
  const names: HeaderName[] = ['X-Request-Id'];
  if (status !== 401 && status !== 503) names.push(...rateLimitHeaders);
  if (status === 429 || status === 503) names.push('Retry-After');
  return names;
}

/** One response per status, its description listing the codes (and the rule reasons); the body is the shared Problem. */
export function errorResponses(codes: ErrorCode[], reasons: readonly Reason[] = []): Record<string, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = catalog[code][0];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, object> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const lines = list.map((c) => `- \`${c}\`: ${catalog[c][1]}${c === 'rule_violation' && reasons.length
      ? ` (\`reason\`: ${reasons.map((r) => `\`${r}\``).join(', ')})` : ''}`).join('\n');
    out[String(status)] = {
      description: `${statusText[status] ?? 'Error'}. Codes:\n${lines}`,
      headers: headerRefs(headersFor(status)),
      content: {
        'application/problem+json': {
          schema: { $ref: '#/components/schemas/Problem' },
          example: { type: `urn:problem:${list[0]}`, title: catalog[list[0]!][1], status, code: list[0], detail: '…', request_id: 'req_…' },
        },
      },
    };
  }
  return out;
}

// The error responses of a /v1 operation: which catalog codes it can answer, grouped by status,
// each with a real example of the flat problem body (one per code, one per rule_violation reason).
import { catalog, type ErrorCode, type FieldError, type Reason } from '../errors.js';
import type { Operation } from '../operations/operation.js';
import { everyResponse, headerRefs, rateLimitHeaders, type HeaderName } from './components.js';

// Codes an operation answers only when its row says so; every other code of the catalog can
// answer any /v1 operation (signature, rate limit, transport limits, outages), so a code added
// to the catalog is documented everywhere until a rule here, or a row's `refusals`, narrows it.
const ruled = new Set<ErrorCode>([
  'action_not_permitted', 'conflict', 'invalid_state', 'invalid_cursor', 'insufficient_scope', 'rule_violation', 'idempotency_key_in_use', 'idempotency_key_reused',
  'precondition_failed', 'unsupported_media_type', 'validation_failed', 'feed_reset',
]);

/** The codes every operation of the table can answer: the catalog less the ruled ones and any row's own refusals. */
export function sharedCodes(ops: readonly Operation[]): Set<ErrorCode> {
  const refused = new Set(ops.flatMap((op) => op.refusals ?? []));
  return new Set((Object.keys(catalog) as ErrorCode[]).filter((c) => !ruled.has(c) && !refused.has(c)));
}

/** The catalog codes an operation can answer, in catalog order. */
export function errorCodes(op: Operation, shared: Set<ErrorCode>): ErrorCode[] {
  const codes = new Set<ErrorCode>(shared);
  const write = op.method !== 'GET';
  if (op.list) codes.add('invalid_cursor');
  if (op.scope) codes.add('insufficient_scope');
  for (const c of op.refusals ?? []) codes.add(c);
  if (op.reasons?.length) codes.add('rule_violation');
  if (op.method === 'POST') codes.add('idempotency_key_in_use').add('idempotency_key_reused');
  if (op.lock && write) codes.add('precondition_failed');
  if (op.body) for (const c of ['unsupported_media_type', 'validation_failed'] as const) codes.add(c);
  return (Object.keys(catalog) as ErrorCode[]).filter((c) => codes.has(c));
}

const statusText: Record<number, string> = {
  400: 'Bad request', 401: 'Unauthenticated', 403: 'Forbidden', 404: 'Not found', 405: 'Method not allowed',
  408: 'Request timeout', 409: 'Conflict', 412: 'Precondition failed', 413: 'Payload too large', 414: 'URI too long',
  415: 'Unsupported media type', 422: 'Unprocessable content', 429: 'Too many requests', 431: 'Request header fields too large',
  500: 'Internal error', 503: 'Service unavailable',
};

// What a developer reads in `detail` for each code: the service's own wording where it is fixed.
const details: Record<ErrorCode, string> = {
  invalid_request: 'the body is not a JSON object',
  invalid_query: 'the query has an invalid parameter',
  invalid_cursor: 'the cursor does not belong to this workspace, list and filter set',
  digest_mismatch: 'Content-Digest sha-256 does not match the body',
  signature_required: 'a /v1 request must carry Signature and Signature-Input',
  signature_invalid: 'the signature does not verify: compare signature_base with the base you signed',
  signature_expired: 'created is more than 300 s from the server clock',
  replayed_request: 'this nonce was already used by the credential',
  unknown_key: 'no credential has this keyid',
  credential_revoked: 'the credential was revoked',
  unsupported_credentials: 'an Authorization header is not accepted: sign the request',
  insufficient_scope: 'this operation requires the scope named in x-scope',
  action_not_permitted: 'the workspace is party to the resource but may not do this',
  not_found: 'no such resource in this workspace',
  method_not_allowed: 'OPTIONS is not allowed here',
  conflict: 'a resource with these values already exists',
  invalid_state: 'the resource is not in a state that allows this',
  idempotency_key_in_use: 'a request with this Idempotency-Key is still running',
  feed_reset: 'position 1300 is not in this feed\'s history (the database was restored to an earlier point, or the position was never handed out): re-read the resource of every change you processed after 1207, then poll after=1207',
  request_timeout: 'the request did not arrive in time',
  precondition_failed: 'If-Match names version 3, the resource is at version 4',
  payload_too_large: 'the body exceeds 1048576 bytes',
  uri_too_long: 'the request-target exceeds 8192 characters',
  unsupported_media_type: 'the body must be application/json',
  validation_failed: 'the body has invalid members',
  rule_violation: 'a business rule does not allow this',
  idempotency_key_reused: 'this Idempotency-Key was used with another method, path or body',
  rate_limited: 'at most 600 requests per window; retry in 12 s',
  too_many_concurrent_requests: 'at most 100 requests of a credential in flight',
  headers_too_large: 'the request line and headers exceed 16 KiB',
  internal_error: 'an unexpected error occurred',
  service_unavailable: 'the database is unavailable, retry shortly',
};

const fieldErrors: Partial<Record<ErrorCode, FieldError[]>> = {
  invalid_query: [{ path: 'limit', message: 'must be an integer from 1 to 100' }],
  validation_failed: [{ path: '/name', message: 'must be at least 1 character' }],
};

// What a signature that does not verify answers: the service's base and what it covered.
const signatureExplanation = {
  signature_base: '"@method": GET\n"@authority": 127.0.0.1:3020\n"@path": /v1/me\n"@signature-params": ("@method" "@authority" "@path");created=1795250400;keyid="pk_exampleexampleexampleexamp";nonce="bm9uY2UtZXhhbXBsZS0wMQ";alg="hmac-sha256"',
  covered_components: ['"@method"', '"@authority"', '"@path"'],
  required_components: ['"@method"', '"@path"'],
};

function example(code: ErrorCode, reason?: Reason): object {
  const errors = fieldErrors[code];
  return {
    type: `urn:problem:${code}`, title: catalog[code][1], status: catalog[code][0], code,
    detail: reason ? `the rule ${reason} does not allow this` : details[code],
    request_id: 'req_3kT9qLm2VxR8aW1c',
    ...(reason ? { reason } : {}),
    ...(errors ? { errors } : {}),
    ...(code === 'signature_invalid' ? signatureExplanation : {}),
    ...(code === 'feed_reset' ? { resume_after: '1207' } : {}),
  };
}

function examples(codes: ErrorCode[], reasons: readonly Reason[]): Record<string, { summary: string; value: object }> {
  const out: Record<string, { summary: string; value: object }> = {};
  for (const code of codes) {
    if (code === 'rule_violation' && reasons.length > 0) {
      for (const reason of reasons) out[`rule_violation.${reason}`] = { summary: `rule_violation: ${reason}`, value: example(code, reason) };
    } else {
      out[code] = { summary: `${code}: ${catalog[code][1]}`, value: example(code) };
    }
  }
  return out;
}

// Rate-limit headers come with every answer once the credential is known: never with a 401, nor
// with what Node's parser or the first checks refuse before a signature is read (408, 414, 431).
// A 400, 405, 413, 500 or 503 may come before or after the credential is known.
const noRate = new Set([401, 408, 414, 431]);
const rateMaybe = new Set([400, 405, 413, 500, 503]);

function headersFor(status: number): Record<string, object> {
  const names: HeaderName[] = [...everyResponse];
  if (!noRate.has(status)) names.push(...rateLimitHeaders);
  if (status === 429 || status === 503) names.push('Retry-After');
  if (status === 405) names.push('Allow');
  return headerRefs(names, rateMaybe.has(status) ? rateLimitHeaders : []);
}

/** The problem body of one status: the shared Problem, its `code` (and `reason`) narrowed to what this operation answers. */
function problemSchema(codes: ErrorCode[], reasons: readonly Reason[]): object {
  const properties: Record<string, object> = { code: { type: 'string', enum: codes } };
  if (codes.includes('rule_violation') && reasons.length > 0) properties.reason = { type: 'string', enum: [...reasons] };
  return { allOf: [{ $ref: '#/components/schemas/Problem' }, { type: 'object', properties }] };
}

/** One response per status, its description listing the codes and reasons, an example of each. */
export function errorResponses(codes: ErrorCode[], reasons: readonly Reason[] = [], headers = headersFor): Record<string, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = catalog[code][0];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, object> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const lines = list.map((c) => `- \`${c}\`: ${catalog[c][1]}${c === 'rule_violation' && reasons.length
      ? ` (\`reason\`: ${reasons.map((r) => `\`${r}\``).join(', ')})` : ''}`);
    const note = status === 405 ? '\n\nAnswered to a method this path does not have (and to OPTIONS), with `Allow`.' : '';
    out[String(status)] = {
      description: `${statusText[status] ?? 'Error'}. Codes:\n${lines.join('\n')}${note}`,
      headers: headers(status),
      content: { 'application/problem+json': { schema: problemSchema(list, reasons), examples: examples(list, reasons) } },
    };
  }
  return out;
}

/** The answers of `/health` outside its 200 and 503: not rate-limited, so without those headers. */
export function healthErrors(): Record<string, object> {
  return errorResponses(['method_not_allowed'], [], () => headerRefs([...everyResponse, 'Allow']));
}

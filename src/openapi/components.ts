// The shared parts of the document: the Problem schema, the signature scheme, headers, parameters.
import { catalog } from '../errors.js';

export const signatureScheme = 'HttpMessageSignature';

const signingProfile = `Every /v1 request is signed with RFC 9421 HTTP Message Signatures: one signature in the
\`Signature\` and \`Signature-Input\` headers, any label. OpenAPI has no native scheme for it; this
entry documents it.

- Covered components must include \`"@method"\`, \`"@path"\`, \`"@query"\` when the URL has a query
  string, and \`"content-digest"\` when the request has a body; more may be covered.
- Parameters: \`keyid\` (required, the credential's key_id), \`created\` (required, integer seconds,
  within ±300 s of the server clock), \`nonce\` (required, 16–128 chars of \`[A-Za-z0-9_-]\`, never
  reused by the credential within the window), \`expires\` (optional, in the future), \`alg\`
  (optional: \`hmac-sha256\` or \`rsa-v1_5-sha256\`, matching the credential).
- \`hmac-sha256\` credentials sign with the ASCII bytes of the whole secret \`sk_…\` as shown at
  issuance; \`rsa2\` credentials with RSASSA-PKCS1-v1_5 SHA-256 and their own private key.
- A body is covered through RFC 9530 \`Content-Digest\` (\`sha-256\`, or \`sha-512\`): a body whose
  signature does not cover \`"content-digest"\` is 401 \`signature_invalid\`; covered but missing, or not
  matching the body, is 400 \`digest_mismatch\`.
- A signature that does not verify is 401 \`signature_invalid\` carrying \`signature_base\` (the base the
  service computed from the request as received) and \`covered_components\`: compare it with the base you signed.
- An \`Authorization\` or \`Cookie\` header, an \`X-Api-Key\` header, or an \`api_key\`, \`apikey\`,
  \`access_token\` or \`token\` query parameter is refused with 401 \`unsupported_credentials\`.

The scheme is declared as \`apiKey\` in the \`Signature\` header, the nearest type OpenAPI has; what a
generator needs beyond it is in the scheme's \`x-http-message-signature\` (covered components, signature
parameters, algorithms, Content-Digest) and \`x-scopes\` (every scope an operation requires). Each
operation names its required scope in \`x-scope\` and in its description.`;

/** The signing profile as data, for a generator: what `signingProfile` says in prose. */
const signatureProfile = {
  standard: 'RFC 9421',
  headers: ['Signature', 'Signature-Input'],
  label: 'any (one signature per request)',
  components: {
    required: ['@method', '@path'],
    requiredWithQuery: ['@query'],
    requiredWithBody: ['content-digest'],
    recommended: ['@authority', 'content-type'],
  },
  parameters: {
    keyid: { required: true, description: 'The credential\'s key_id.' },
    created: { required: true, description: 'Integer seconds; within 300 s of the server clock.' },
    nonce: { required: true, pattern: '^[A-Za-z0-9_-]{16,128}$', description: 'Never reused by the credential within the window.' },
    expires: { required: false, description: 'Integer seconds, in the future.' },
    alg: { required: false, enum: ['hmac-sha256', 'rsa-v1_5-sha256'], description: 'Must match the credential.' },
  },
  keys: { 'hmac-sha256': 'the ASCII bytes of the whole secret sk_…', 'rsa-v1_5-sha256': 'the credential\'s RSA private key' },
  contentDigest: { standard: 'RFC 9530', header: 'Content-Digest', algorithms: ['sha-256', 'sha-512'], coveredButMissingOrWrong: 'digest_mismatch' },
};

// A header the response always carries where it is listed is `required`; the few that depend on
// the request (a replay, a credential known or not) are listed as optional where they do.
const header = (description: string, schema: object, required = true) => ({ description, required, schema });
const integer = { type: 'integer', minimum: 0 };

export const headers = {
  'X-Request-Id': header('The request id: the client\'s own when it sent a valid one, else generated.', { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' }),
  'Cache-Control': header('Always `no-store`: no answer may be cached.', { type: 'string', const: 'no-store' }),
  'X-Content-Type-Options': header('Always `nosniff`.', { type: 'string', const: 'nosniff' }),
  'X-RateLimit-Limit': header('Requests allowed per window for the credential.', integer),
  'X-RateLimit-Remaining': header('Requests left in the current window.', integer),
  'X-RateLimit-Reset': header('Seconds until the window resets.', integer),
  'RateLimit-Limit': header('Same as X-RateLimit-Limit (compatibility name).', integer),
  'RateLimit-Remaining': header('Same as X-RateLimit-Remaining (compatibility name).', integer),
  'RateLimit-Reset': header('Same as X-RateLimit-Reset (compatibility name).', integer),
  'Retry-After': header('Seconds to wait before retrying.', integer),
  ETag: header('The resource\'s version, quoted (`"3"`): send it back in If-Match.', { type: 'string', pattern: '^"[0-9]+"$' }),
  Location: header('Relative URL of the created resource: a GET of it answers 200 with the resource.', { type: 'string', pattern: '^/v1/[a-z0-9/_-]+$' }),
  Allow: header('The methods this path has.', { type: 'string', examples: ['GET, PATCH'] }),
  'Idempotent-Replayed': header('`true` when this is the stored response of an earlier request with the same Idempotency-Key.', { type: 'string', enum: ['true'] }, false),
};

export type HeaderName = keyof typeof headers;

/** The headers every response carries, success or refusal. */
export const everyResponse: HeaderName[] = ['X-Request-Id', 'Cache-Control', 'X-Content-Type-Options'];

export const rateLimitHeaders: HeaderName[] = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/** The headers of a response: references to the components, inline where a usually required one may be absent. */
export function headerRefs(names: HeaderName[], optional: HeaderName[] = []): Record<string, object> {
  return Object.fromEntries(names.map((n) => [n, optional.includes(n) ? { ...headers[n], required: false } : { $ref: `#/components/headers/${n}` }]));
}

export const parameters = {
  RequestId: {
    name: 'X-Request-Id', in: 'header', required: false,
    description: 'Echoed in the response and the audit trail when valid (1–64 chars of `[A-Za-z0-9._-]`); otherwise one is generated.',
    schema: { type: 'string' },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key', in: 'header', required: false,
    description: 'Makes the POST safe to retry: the first completed response to (credential, key) is replayed for 24 h. The same key with another method, path or body is 422 `idempotency_key_reused`; a retry while the first runs is 409 `idempotency_key_in_use`.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
  },
  IfMatch: {
    name: 'If-Match', in: 'header', required: false,
    description: 'The ETag of the version the change is based on (`"3"`); a stale one is 412 `precondition_failed` and changes nothing.',
    schema: { type: 'string' },
  },
  IfNoneMatch: {
    name: 'If-None-Match', in: 'header', required: false,
    description: 'The ETag of the copy the client holds (`"3"`, a list, or `*`): when it is current the answer is 304 with no body.',
    schema: { type: 'string' },
  },
  ContentDigest: {
    name: 'Content-Digest', in: 'header', required: false,
    description: 'RFC 9530 digest of the body (`sha-256=:…:`). A request with a body must send it and cover `"content-digest"` in its signature: not covered is 401 `signature_invalid`; covered but missing, or not matching the body, is 400 `digest_mismatch`.',
    schema: { type: 'string' },
  },
};

export type ParameterName = keyof typeof parameters;

const problemSchema = {
  type: 'object',
  description: 'RFC 9457 problem details, flat (never under `data`), sent as application/problem+json.',
  required: ['type', 'title', 'status', 'code', 'detail', 'request_id'],
  properties: {
    type: { type: 'string', description: '`urn:problem:<code>`' },
    title: { type: 'string', description: 'Short text for the code.' },
    status: { type: 'integer' },
    code: { type: 'string', enum: Object.keys(catalog) },
    detail: { type: 'string', description: 'What happened, for a developer.' },
    request_id: { type: 'string' },
    reason: { type: 'string', description: 'For `rule_violation`: the business rule that failed.' },
    resume_after: {
      type: 'string',
      description: 'For `feed_reset`: the feed position to resynchronise from. Re-read (GET) the resource of every change you processed with a larger id, replacing or, on 404, deleting your copy; then poll with `after` set to this position (`0`: from the start, `after` left out).',
    },
    signature_base: {
      type: 'string',
      description: 'For `signature_invalid` when the signature does not verify: the RFC 9421 signature base the service computed from the request as received (LF-separated lines, exactly the bytes it verified). Compare it with the base you signed: the first line that differs is the mistake. It holds only values the request sent, never a secret or the expected signature.',
    },
    covered_components: {
      type: 'array', items: { type: 'string' },
      description: 'For `signature_invalid` when the signature does not verify: the components the signature covered, serialized as in the base.',
    },
    required_components: {
      type: 'array', items: { type: 'string' },
      description: 'For `signature_invalid`: the components this request must cover (`"@method"`, `"@path"`, `"@query"` with a query string, `"content-digest"` with a body).',
    },
    errors: {
      type: 'array',
      maxItems: 50,
      description: 'Field errors (400 and 422), in the order the input was read: at most 50; `errors_omitted` counts the rest.',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: {
          path: { type: 'string', description: 'A JSON Pointer into the body, or the query parameter\'s name.' },
          message: { type: 'string' },
        },
      },
    },
    errors_omitted: { type: 'integer', minimum: 1, description: 'How many more field errors were found than `errors` lists.' },
  },
};

const listMetaSchema = {
  type: 'object',
  required: ['next_cursor'],
  properties: {
    next_cursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page; null on the last page.' },
  },
  additionalProperties: false,
};

const resourceMetaSchema = {
  type: 'object',
  description: 'Reserved for what may be said of a single resource; sent as `{}` or not at all today.',
  properties: {},
  additionalProperties: false,
};

/** The shared components, with the named schemas the operations' titled schemas produced. */
export function components(schemas: Record<string, object>, scopes: Record<string, string>): object {
  return {
    schemas: { Problem: problemSchema, ListMeta: listMetaSchema, ResourceMeta: resourceMetaSchema, ...schemas },
    securitySchemes: {
      [signatureScheme]: {
        type: 'apiKey', in: 'header', name: 'Signature', description: signingProfile,
        'x-http-message-signature': signatureProfile, 'x-scopes': scopes,
      },
    },
    headers,
    parameters,
  };
}

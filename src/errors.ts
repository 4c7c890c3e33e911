// The one error catalog of the contract (conventions.md): code → status and title.
export const catalog = {
  invalid_request: [400, 'Invalid request'],
  invalid_query: [400, 'Invalid query parameter'],
  invalid_cursor: [400, 'Invalid cursor'],
  digest_mismatch: [400, 'Content digest mismatch'],
  signature_required: [401, 'Signature required'],
  signature_invalid: [401, 'Invalid signature'],
  signature_expired: [401, 'Signature expired'],
  replayed_request: [401, 'Replayed request'],
  unknown_key: [401, 'Unknown key'],
  credential_revoked: [401, 'Credential revoked'],
  unsupported_credentials: [401, 'Unsupported credentials'],
  insufficient_scope: [403, 'Insufficient scope'],
  action_not_permitted: [403, 'Action not permitted'],
  not_found: [404, 'Not found'],
  method_not_allowed: [405, 'Method not allowed'],
  conflict: [409, 'Conflict'],
  invalid_state: [409, 'Invalid state'],
  idempotency_key_in_use: [409, 'Idempotency key in use'],
  feed_reset: [409, 'Feed position reset'],
  request_timeout: [408, 'Request timeout'],
  precondition_failed: [412, 'Precondition failed'],
  payload_too_large: [413, 'Payload too large'],
  uri_too_long: [414, 'URI too long'],
  unsupported_media_type: [415, 'Unsupported media type'],
  validation_failed: [422, 'Validation failed'],
  rule_violation: [422, 'Business rule violated'],
  idempotency_key_reused: [422, 'Idempotency key reused'],
  rate_limited: [429, 'Too many requests'],
  too_many_concurrent_requests: [429, 'Too many concurrent requests'],
  headers_too_large: [431, 'Request header fields too large'],
  internal_error: [500, 'Internal error'],
  service_unavailable: [503, 'Service unavailable'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof catalog;

/** One field-level problem, `path` a JSON Pointer into the body or the query parameter's name. */
export interface FieldError {
  path: string;
  message: string;
  /** A machine-readable cause where the message alone would have to be parsed. */
  reason?: string;
}

/**
 * The business rules a `rule_violation` can name (domain.md), plus the console's scope refusal.
 * Operation rows list the ones they can answer, so the reference shows them.
 */
export const reasons = [
  'member_archived', 'season_closed', 'plan_retired', 'overpayment', 'season_not_open', 'club_suspended',
  'not_eligible', 'same_club', 'deadline_passed', 'team_not_eligible', 'not_enough_entries', 'too_many_entries',
  'player_not_eligible', 'player_suspended', 'official_inactive', 'scopes_refused',
] as const;

export type Reason = (typeof reasons)[number];

interface ApiErrorExtras {
  errors?: FieldError[];
  /** `rule_violation`: the domain rule that failed (domain.md). */
  reason?: Reason;
  headers?: Record<string, string>;
  /** `signature_invalid`: what the service signed and expected, so a partner can compare (no secret in it). */
  signature?: SignatureExplanation;
  /** `feed_reset`: the feed position to resynchronise from. */
  resumeAfter?: string;
}

/** The components a signature covered (as serialized in the base), those it must cover, and the base itself. */
interface SignatureExplanation { base?: string; covered?: string[]; required: string[] }

/** The only error a handler or pipeline step throws on purpose; anything else is a 500. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extras: ApiErrorExtras;

  constructor(code: ErrorCode, detail: string, extras: ApiErrorExtras = {}) {
    super(detail);
    this.code = code;
    this.status = catalog[code][0];
    this.extras = extras;
  }
}

/** 422 `rule_violation` naming the rule; `errors` name the fields at fault where there are several. */
export function ruleViolation(reason: Reason, detail: string, errors?: FieldError[]): ApiError {
  return new ApiError('rule_violation', detail, errors ? { reason, errors } : { reason });
}

/** At most this many `errors` in a problem; the rest are counted in `errors_omitted` (conventions.md, Errors). */
const maxFieldErrors = 50;

const fieldName = (e: FieldError) => e.path || 'body';

/** `/a, /b and 3 more`: the fields a problem's detail names, as many as fit in a short line. */
export function fieldList(errors: FieldError[], name = fieldName): string {
  const named: string[] = [];
  let chars = 0;
  for (const e of errors.slice(0, maxFieldErrors)) {
    const text = clip(name(e), maxFieldChars);
    chars += text.length + 2;
    if (chars > fieldListChars) break;
    named.push(text);
  }
  const more = errors.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}

/** 422 `validation_failed` for fields a schema cannot judge alone (a referenced id, a pair of dates). */
export function invalidFields(errors: FieldError[]): ApiError {
  // The detail states each rule, so a rule between fields (ends_on after starts_on) reads in one line.
  return new ApiError('validation_failed', `invalid ${fieldList(errors, (e) => `${fieldName(e)} (${e.message})`)}`, { errors });
}

export function invalidField(path: string, message: string): ApiError {
  return invalidFields([{ path, message }]);
}

export function notFound(detail: string): ApiError {
  return new ApiError('not_found', detail);
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail: string;
  request_id: string;
  reason?: Reason;
  resume_after?: string;
  errors?: FieldError[];
  errors_omitted?: number;
  signature_base?: string;
  covered_components?: string[];
  required_components?: string[];
}

// No error answer exceeds 64 KiB (conventions.md): a path or message may quote the input (a
// member's name), so each is clipped, and the list stops at a byte budget well inside the bound.
const maxDetailChars = 2048;
/** The fields a detail names fit in this, so that its `and N more` survives the detail's clip. */
const fieldListChars = 1024;
const maxFieldChars = 256;
const errorsBudgetBytes = 40 * 1024;

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never half a surrogate pair: the clipped text stays well-formed.
  const end = /[\uD800-\uDBFF]/.test(text[max - 2]!) ? max - 2 : max - 1;
  return `${text.slice(0, end)}…`;
}

function bounded(errors: FieldError[]): FieldError[] {
  const shown: FieldError[] = [];
  let bytes = 0;
  for (const e of errors.slice(0, maxFieldErrors)) {
    const item = { ...e, path: clip(e.path, maxFieldChars), message: clip(e.message, maxFieldChars) };
    bytes += Buffer.byteLength(JSON.stringify(item)) + 1;
    if (bytes > errorsBudgetBytes) break;
    shown.push(item);
  }
  return shown;
}

export function problem(error: ApiError, requestId: string): Problem {
  const body: Problem = {
    type: `urn:problem:${error.code}`,
    title: catalog[error.code][1],
    status: error.status,
    code: error.code,
    detail: clip(error.message, maxDetailChars),
    request_id: requestId,
  };
  if (error.extras.reason) body.reason = error.extras.reason;
  if (error.extras.resumeAfter !== undefined) body.resume_after = error.extras.resumeAfter;
  if (error.extras.errors) {
    body.errors = bounded(error.extras.errors);
    const omitted = error.extras.errors.length - body.errors.length;
    if (omitted > 0) body.errors_omitted = omitted;
  }
  const signature = error.extras.signature;
  if (signature) {
    if (signature.base !== undefined) body.signature_base = signature.base;
    if (signature.covered) body.covered_components = signature.covered;
    body.required_components = signature.required;
  }
  return body;
}

import type { IncomingHttpHeaders } from 'node:http';
import type { Sql } from 'postgres';
import { ApiError } from '../errors.js';
import { checkContentDigest } from '../signing/content-digest.js';
import { SigningError } from '../signing/errors.js';
import { checkWindow, parseSignature, requiredComponents, type ParsedSignature } from '../signing/parse.js';
import { signatureBase } from '../signing/signature-base.js';
import { serializeComponentId } from '../signing/structured-fields-serialize.js';
import type { SignedRequest } from '../signing/components.js';
import { algMatches, verifySignature } from '../signing/verify.js';
import type { Credential, CredentialStore } from './credentials.js';
import { recordUsage, type RateState } from './usage.js';

export interface AuthSettings {
  skewSeconds: number;
  rateLimit: number;
  rateWindowSeconds: number;
}

interface Authenticated {
  credential: Credential;
  rate: RateState;
  /**
   * The body's refusal (413, or 400 `digest_mismatch`) of a request whose signature verifies: it is
   * answered as the credential's, counted and with its rate-limit headers, and nothing runs.
   */
  refusal?: ApiError;
}

const refusedQuery = ['api_key', 'apikey', 'access_token', 'token'];
const noBody = Buffer.alloc(0);

/** Step 1: credentials of another kind are refused before anything else is looked at. */
export function refuseOtherCredentials(headers: IncomingHttpHeaders, query: URLSearchParams): void {
  const carried = headers.authorization !== undefined ? 'an Authorization header'
    : headers.cookie !== undefined ? 'a Cookie header'
    : headers['x-api-key'] !== undefined ? 'an X-Api-Key header'
    : query.size > 0 ? refusedQuery.find((name) => query.has(name)) : undefined;
  if (carried) {
    throw new ApiError('unsupported_credentials',
      `${carried.startsWith('a') ? carried : `the ${carried} query parameter`} is not accepted: sign the request (RFC 9421)`);
  }
}

const coversDigest = (parsed: ParsedSignature): boolean => parsed.components.some((c) => c.name === 'content-digest');

/** A refusal of the body itself (413, 400 `digest_mismatch`) as the catalog error; undefined for anything else. */
function bodyRefusal(error: unknown): ApiError | undefined {
  if (error instanceof SigningError && error.code === 'digest_mismatch') return new ApiError(error.code, error.message);
  return error instanceof ApiError && error.code === 'payload_too_large' ? error : undefined;
}

/** Steps 3: the credential behind a keyid, if it may sign at all. */
function usable(credential: Credential | undefined, nowMs: number): Credential {
  if (!credential) throw new ApiError('unknown_key', 'the keyid names no credential');
  if (credential.kind !== 'live') throw new ApiError('unsupported_credentials', 'this credential is not a live credential');
  if (credential.status === 'revoked') throw new ApiError('credential_revoked', 'the credential was revoked');
  if (credential.expiresAt && credential.expiresAt.getTime() <= nowMs) {
    throw new ApiError('credential_revoked', 'the credential has expired');
  }
  return credential;
}

/** The signing module's refusals carry their catalog code; everything else passes through. */
function asApiError(error: unknown): unknown {
  if (!(error instanceof SigningError)) return error;
  return new ApiError(error.code, error.message, error.required ? { signature: { required: error.required } } : {});
}

/**
 * A signature that does not verify answers with the base the service computed from the request as
 * received: values the request sent, never the secret nor the signature it expected.
 */
function doesNotVerify(detail: string, base: string, parsed: ParsedSignature, required: string[]): ApiError {
  return new ApiError('signature_invalid', `${detail}: compare signature_base with the base you signed`, {
    signature: { base, covered: parsed.components.map(serializeComponentId), required },
  });
}

/**
 * Steps 2–7 of the pipeline: signature headers, credential, window, body digest and signature,
 * nonce and rate window. Returns the body it read, so that it is read exactly once.
 */
export async function authenticate(...args: Parameters<typeof verified>): ReturnType<typeof verified> {
  try {
    return await verified(...args);
  } catch (error) {
    throw asApiError(error);
  }
}

async function verified(
  sql: Sql,
  store: CredentialStore,
  settings: AuthSettings,
  request: SignedRequest,
  hasBody: boolean,
  readBody: () => Promise<Buffer>,
): Promise<Authenticated & { body: Buffer }> {
  const parsed = parseSignature(request, hasBody);
  const now = Date.now();
  const credential = usable(await store.get(parsed.keyId), now);
  checkWindow(parsed, Math.floor(now / 1000), settings.skewSeconds);

  // Without Content-Length or Transfer-Encoding a request has no body (RFC 9112 §6.3): nothing to wait for.
  // A covered Content-Digest is checked even then: the digest of `{}` does not describe no body.
  let body: Buffer = noBody;
  let refusal: ApiError | undefined;
  try {
    if (hasBody) body = await readBody();
    if (hasBody || coversDigest(parsed)) checkContentDigest(request.headers['content-digest'] as string | undefined, body);
  } catch (error) {
    refusal = bodyRefusal(error);
    if (!refusal) throw error;
  }
  if (!algMatches(parsed.alg, credential.algorithm)) {
    throw refusal ?? new ApiError('signature_invalid', `alg ${parsed.alg} does not match the credential's algorithm`);
  }
  let base: string;
  try {
    base = signatureBase(request, parsed);
  } catch (error) {
    // A covered Content-Digest that is missing has no line in the base: the body's refusal says why.
    throw refusal ?? error;
  }
  if (!verifySignature(base, parsed.signature, credential.key)) {
    throw refusal ?? doesNotVerify('the signature does not verify', base, parsed, requiredComponents(request, hasBody));
  }

  const usage = await recordUsage(sql, {
    credentialId: credential.id,
    nonce: parsed.nonce,
    created: parsed.created,
    nonceExpiresAt: new Date((parsed.created + settings.skewSeconds + 1) * 1000),
    limit: credential.rateLimit ?? settings.rateLimit,
    windowSeconds: settings.rateWindowSeconds,
    now,
  });
  // The body is read and its digest checked before the nonce (conventions.md, steps 5 and 6).
  if (refusal) {
    if (usage.outcome !== 'fresh') throw refusal;
    return { credential, rate: usage.rate, body, refusal };
  }
  if (usage.outcome === 'replayed') throw new ApiError('replayed_request', 'this nonce was already used by the credential');
  if (usage.outcome === 'before_reset') {
    throw new ApiError('signature_expired', 'the signature was created before the service last lost its replay records: sign the request again');
  }
  return { credential, rate: usage.rate, body };
}

import type { IncomingHttpHeaders } from 'node:http';
import type { Sql } from 'postgres';
import { authenticate, refuseOtherCredentials, type AuthSettings } from '../auth/authenticate.js';
import type { Credential, CredentialStore } from '../auth/credentials.js';
import type { RateState } from '../auth/usage.js';
import type { Availability } from '../db/availability.js';
import { startDeadline, type Deadline } from '../db/deadline.js';
import { fromDatabaseError, isUnreachable, meansDatabaseDown, unavailable } from '../db/errors.js';
import type { ReadSql } from '../db/read-sql.js';
import type { LivePool } from '../db/renewal.js';
import type { WorkspaceShare } from '../db/workspace-share.js';
import type { CursorSigner } from '../operations/paging.js';
import { announcesBody } from './body.js';
import { ApiError, type ErrorCode } from '../errors.js';
import { runOperation } from './execute.js';
import type { InFlight } from './in-flight.js';
import { claim, completion, release, type Claim } from '../resources/idempotency-keys.js';
import { fingerprint, idempotencyKey, storable } from './idempotency.js';
import { validateBody, validateParams, validateQuery } from './input.js';
import { addRateHeaders, errorResponse, json, type Outgoing } from './respond.js';
import type { Router } from './router.js';
import type { SqlTiming } from './sql-timing.js';

export interface App {
  /** The pool for authentication, the idempotency store and every write (read `current` per use). */
  pool: LivePool;
  /** The read-only pool for read handlers. */
  reads: LivePool<ReadSql>;
  credentials: CredentialStore;
  router: Router;
  auth: AuthSettings;
  version: string;
  database: Availability;
  /** Each workspace's share of the database (DB_WORKSPACE_SHARE). */
  shares: WorkspaceShare;
  /** Each credential's requests in flight in this instance. */
  inFlight: InFlight;
  /** A request's database work must end within this (ms), or it is answered 503. */
  deadlineMs: number;
  /** node:http's headersTimeout and requestTimeout. */
  timeouts: { headersMs: number; requestMs: number };
  /** Signs and checks this app's list cursors (keyed from its master key). */
  cursors: CursorSigner;
  /** The SQL time of each request, when the log wants it (LOG_LEVEL=debug). */
  timing?: SqlTiming;
}

/** A request as plain values: everything the pipeline reads, nothing of the socket. */
export interface Incoming {
  requestId: string;
  method: string;
  /** The raw request-target, e.g. `/v1/club/members?limit=5`. */
  target: string;
  authority: string;
  scheme: 'http' | 'https';
  headers: IncomingHttpHeaders;
  readBody(): Promise<Buffer>;
}

/** The response, and what the request log records besides status and duration. */
interface Handled {
  response: Outgoing;
  operation?: string;
  keyId?: string;
  workspaceId?: string;
  /** An unexpected error behind a 500, for the log only. */
  fault?: unknown;
  /** A 503 because the database is down (not one request's overrun, not a busy row): the log says so. */
  databaseDown?: boolean;
  /** The catalog code of an error answer (for the metrics). */
  code?: ErrorCode;
}

/** What is known about the caller once a step has established it; kept for the error path. */
interface Progress {
  credential?: Credential;
  rate?: RateState;
  operation?: string;
  claim?: Claim;
  /** Gives back the credential's place in flight once the request's work has ended. */
  leave?: () => void;
}

function splitTarget(target: string): { path: string; query: URLSearchParams } {
  const q = target.indexOf('?');
  return q < 0 ? { path: target, query: new URLSearchParams() } : { path: target.slice(0, q), query: new URLSearchParams(target.slice(q + 1)) };
}

async function health(app: App): Promise<Outgoing> {
  return (await app.database.check(1000))
    ? json(200, { status: 'ok', database: 'ok', version: app.version })
    : json(503, { status: 'unavailable', database: 'unreachable', version: app.version }, { 'retry-after': '1' });
}

function methodNotAllowed(allow: string[], method: string): ApiError {
  return new ApiError('method_not_allowed', `${method} is not allowed here`, { headers: { allow: allow.join(', ') } });
}

/** Steps 1–12 of conventions.md "Order of the pipeline" for a /v1 request. */
async function handleV1(app: App, req: Incoming, path: string, query: URLSearchParams, progress: Progress, deadline: Deadline): Promise<Outgoing> {
  refuseOtherCredentials(req.headers, query);
  const signed = { method: req.method, target: req.target, authority: req.authority, scheme: req.scheme, headers: req.headers };
  const readBody = () => deadline.offClock(req.readBody);
  const { credential, rate, body, refusal } = await authenticate(app.pool.current, app.credentials, app.auth, signed, announcesBody(req.headers), readBody);
  progress.credential = credential;
  progress.rate = rate;
  if (refusal) throw refusal;
  if (rate.exceeded) {
    throw new ApiError('rate_limited', `at most ${rate.limit} requests per window; retry in ${rate.reset} s`, { headers: { 'retry-after': String(rate.reset) } });
  }
  progress.leave = app.inFlight.enter(credential.id);
  if (!progress.leave) {
    throw new ApiError('too_many_concurrent_requests', `at most ${app.inFlight.max} requests of a credential in flight`, { headers: { 'retry-after': '1' } });
  }

  if (req.method === 'OPTIONS') throw methodNotAllowed(app.router.methodsAt(path), 'OPTIONS');
  const match = app.router.match(req.method, path, credential.workspace.kind);
  if (!match.found) {
    if (match.allow.length > 0) throw methodNotAllowed(match.allow, req.method);
    throw new ApiError('not_found', 'no such route');
  }
  const op = match.route.op;
  progress.operation = op.id;
  if (op.scope && !credential.scopes.has(op.scope)) {
    throw new ApiError('insufficient_scope', `this operation requires the scope ${op.scope}`);
  }
  const input = {
    params: validateParams(op.params, match.params),
    query: validateQuery(op.query, query),
    body: validateBody(op, req.headers['content-type'], body),
  };

  const key = op.method === 'POST' ? idempotencyKey(req.headers['idempotency-key']) : undefined;
  if (key) {
    const c = { federationId: credential.workspace.federationId, credentialId: credential.id, key, fingerprint: fingerprint(req.method, req.target, body) };
    const stored = await claim(app.pool.current, c);
    if (stored) return { status: stored.status, headers: { ...stored.headers, 'idempotent-replayed': 'true' }, body: stored.body };
    progress.claim = c;
    // Claimed after the request was answered 503: free the key for the client's retry.
    if (deadline.passed) await release(app.pool.current, c).finally(() => deadline.check());
  }
  const rateLimit = { limit: rate.limit, windowSeconds: app.auth.rateWindowSeconds };
  const run = () => {
    const running = runOperation(app, op, credential, { requestId: req.requestId, headers: req.headers, rateLimit, deadline, cursors: app.cursors }, input,
      (tx, response) => (progress.claim ? [completion(tx, progress.claim, response)] : []));
    return app.timing ? app.timing.step(running) : running;
  };
  return app.shares.run(credential.workspace.id, run, deadline);
}

/** Settles an Idempotency-Key claim after a failed request: store the answer, or free the key for a retry. */
async function settleClaim(sql: Sql, c: Claim, response: Outgoing): Promise<void> {
  if (storable(response.status)) await completion(sql, c, response);
  else await release(sql, c);
}

/** A /v1 request under its database deadline; a known outage is answered at once. */
async function timedV1(app: App, req: Incoming, path: string, query: URLSearchParams, progress: Progress): Promise<Outgoing> {
  if (!app.database.up) throw unavailable();
  const deadline = startDeadline(app.deadlineMs);
  try {
    // The place in flight is given back when the work ends, not when the deadline answers 503:
    // until then the request still holds its socket, memory and any database wait.
    const work = handleV1(app, req, path, query, progress, deadline);
    void work.then(() => progress.leave?.(), () => progress.leave?.());
    return await deadline.race(work);
  } finally {
    deadline.clear();
  }
}

const isV1 = (path: string): boolean => path === '/v1' || path.startsWith('/v1/');
const isSigned = (headers: IncomingHttpHeaders): boolean => headers['signature-input'] !== undefined || headers.signature !== undefined;

/** Longer request-targets are 414; Node refuses a request line and headers over 16 KiB (431) itself. */
export const maxTargetLength = 8192;

export async function handle(app: App, req: Incoming): Promise<Handled> {
  const { path, query } = splitTarget(req.target);
  const progress: Progress = {};
  let response: Outgoing;
  let fault: unknown;
  let databaseDown = false;
  let code: ErrorCode | undefined;
  try {
    if (req.target.length > maxTargetLength) throw new ApiError('uri_too_long', `the request-target exceeds ${maxTargetLength} characters`);
    // A signed OPTIONS is authenticated first, so its 405 carries the rate-limit headers like any other answer.
    if (req.method === 'OPTIONS' && !(isV1(path) && isSigned(req.headers))) {
      throw methodNotAllowed(path === '/health' ? ['GET'] : app.router.methodsAt(path), 'OPTIONS');
    }
    if (path === '/health') {
      if (req.method !== 'GET') throw methodNotAllowed(['GET'], req.method);
      return { response: await health(app) };
    }
    if (!isV1(path)) throw new ApiError('not_found', 'no such route');
    response = await timedV1(app, req, path, query, progress);
  } catch (error) {
    if (isUnreachable(error)) app.database.down();
    databaseDown = meansDatabaseDown(error);
    const known = fromDatabaseError(error);
    fault = known ? undefined : error;
    const refusal = known ?? new ApiError('internal_error', 'an unexpected error occurred');
    code = refusal.code;
    response = errorResponse(refusal, req.requestId);
    if (progress.claim) await settleClaim(app.pool.current, progress.claim, response).catch(() => {});
  }
  if (progress.rate) addRateHeaders(response.headers, progress.rate);
  return { response, operation: progress.operation, keyId: progress.credential?.keyId, workspaceId: progress.credential?.workspace.id, fault, databaseDown, code };
}

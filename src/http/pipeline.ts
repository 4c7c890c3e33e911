import type { IncomingHttpHeaders } from 'node:http';
import type { Sql } from 'postgres';
import { authenticate, refuseOtherCredentials, type AuthSettings } from '../auth/authenticate.js';
import type { Credential, CredentialStore } from '../auth/credentials.js';
import type { RateState } from '../auth/usage.js';
import { fromDatabaseError } from '../db/errors.js';
import { announcesBody } from './body.js';
import { ApiError } from './errors.js';
import { runOperation } from './execute.js';
import { validateBody, validateParams, validateQuery } from './input.js';
import { envelope, errorResponse, type Outgoing } from './respond.js';
import type { Router } from './router.js';

export interface App {
  sql: Sql;
  credentials: CredentialStore;
  router: Router;
  auth: AuthSettings;
  version: string;
  checkHealth(): Promise<boolean>;
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
export interface Handled {
  response: Outgoing;
  operation?: string;
  keyId?: string;
  /** An unexpected error behind a 500, for the log only. */
  fault?: unknown;
}

function rateHeaders(rate: RateState): Record<string, string> {
  const values = { Limit: String(rate.limit), Remaining: String(rate.remaining), Reset: String(rate.reset) };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    headers[`x-ratelimit-${name.toLowerCase()}`] = value;
    headers[`ratelimit-${name.toLowerCase()}`] = value;
  }
  return headers;
}

function splitTarget(target: string): { path: string; query: URLSearchParams } {
  const q = target.indexOf('?');
  return q < 0 ? { path: target, query: new URLSearchParams() } : { path: target.slice(0, q), query: new URLSearchParams(target.slice(q + 1)) };
}

async function health(app: App): Promise<Outgoing> {
  const ok = await app.checkHealth();
  return ok
    ? { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'ok', database: 'ok', version: app.version }) }
    : { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '1' }, body: JSON.stringify({ status: 'unavailable', database: 'unreachable', version: app.version }) };
}

function methodNotAllowed(allow: string[], method: string): ApiError {
  return new ApiError('method_not_allowed', `${method} is not allowed here`, { headers: { allow: allow.join(', ') } });
}

/** Runs one request through the steps of conventions.md "Order of the pipeline". */
export async function handle(app: App, req: Incoming): Promise<Handled> {
  const { path, query } = splitTarget(req.target);
  let credential: Credential | undefined;
  let rate: RateState | undefined;
  let operation: string | undefined;
  try {
    if (req.method === 'OPTIONS') throw methodNotAllowed(path === '/health' ? ['GET'] : app.router.methodsAt(path), 'OPTIONS');
    if (path === '/health') {
      if (req.method !== 'GET') throw methodNotAllowed(['GET'], req.method);
      return { response: await health(app) };
    }
    if (path !== '/v1' && !path.startsWith('/v1/')) throw new ApiError('not_found', 'no such route');

    refuseOtherCredentials(req.headers, query);
    const signed = { method: req.method, target: req.target, authority: req.authority, scheme: req.scheme, headers: req.headers };
    const auth = await authenticate(app.sql, app.credentials, app.auth, signed, announcesBody(req.headers), req.readBody);
    credential = auth.credential;
    rate = auth.rate;
    if (rate.exceeded) {
      throw new ApiError('rate_limited', `at most ${rate.limit} requests per window; retry in ${rate.reset} s`, { headers: { 'retry-after': String(rate.reset) } });
    }

    const match = app.router.match(req.method, path, credential.workspace.kind);
    if (!match.found) {
      if (match.allow.length > 0) throw methodNotAllowed(match.allow, req.method);
      throw new ApiError('not_found', 'no such route');
    }
    const op = match.route.op;
    operation = op.id;
    if (op.scope && !credential.scopes.has(op.scope)) {
      throw new ApiError('insufficient_scope', `this operation requires the scope ${op.scope}`);
    }
    const input = {
      params: validateParams(op.params, match.params),
      query: validateQuery(op.query, query),
      body: validateBody(op, req.headers['content-type'], auth.body),
    };
    const rateLimit = { limit: rate.limit, windowSeconds: app.auth.rateWindowSeconds };
    const reply = await runOperation(app.sql, op, credential, { ...req, rateLimit }, input);
    const response = envelope(reply.status ?? 200, reply.data, reply.meta, reply.headers);
    Object.assign(response.headers, rateHeaders(rate));
    return { response, operation, keyId: credential.keyId };
  } catch (error) {
    const known = fromDatabaseError(error);
    const response = errorResponse(known ?? new ApiError('internal_error', 'an unexpected error occurred'), req.requestId);
    if (rate) Object.assign(response.headers, rateHeaders(rate));
    return { response, operation, keyId: credential?.keyId, fault: known ? undefined : error };
  }
}

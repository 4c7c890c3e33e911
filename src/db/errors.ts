import { ApiError } from '../errors.js';
import { conflicts } from './conflicts.js';

const unreachable = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH',
  'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED',
  '57P01', '57P02', '57P03', '53300',
]);

// Refusals a retry can get past: nothing was written, so they are 503 and never stored under an
// Idempotency-Key (a stored 409 would answer every retry of the key with the same refusal).
const transient: Record<string, string> = {
  '55P03': 'the resource is being changed by another request, retry shortly',
  '57014': 'the database did not answer in time, retry shortly',
  '40001': 'a concurrent change interfered, retry shortly',
  '40P01': 'a concurrent change interfered, retry shortly',
};

const retry = { 'retry-after': '1' };

// A Citus worker's lock timeout, as the coordinator passes it on from a COPY into a shard (how
// Citus writes the rows of an INSERT … SELECT it evaluates itself, e.g. the feed's rows,
// src/resources/changes.ts): ReportCopyError in Citus's commands/multi_copy.c re-raises the
// worker's message with no SQLSTATE, so it arrives as XX000 rather than 55P03. A shard split
// (block_writes) or the final switch of a shard move holds the shard's lock past our lock_timeout.
// The statement failed, so the coordinated transaction rolled back on every node: nothing was
// written and a retry gets past it. Only this exact message (PostgreSQL's own, lc_messages C) is a
// 503; any other XX000 stays a 500.
const workerLockTimeout = 'canceling statement due to lock timeout';
const isWorkerLockTimeout = (code: string, error: unknown) =>
  code === 'XX000' && (error as { message?: unknown }).message === workerLockTimeout;

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A unique constraint refused the statement's row (23505): the statement wrote nothing. */
export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === '23505';
}

/** An error the server sent (postgres.js gives those a severity): the server itself is up. */
const sentByServer = (error: unknown) => typeof (error as { severity?: unknown }).severity === 'string';

/**
 * Whether the error says the database cannot be reached at all (rather than refusing one
 * statement). A connection error (class 08) the server answered with is about a node behind it:
 * a Citus worker the coordinator could not reach fails the statements of its shards only.
 */
export function isUnreachable(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && !(error instanceof ApiError)
    && (unreachable.has(code) || (code.startsWith('08') && !sentByServer(error)));
}

// A request that outran its deadline is that request's 503, not news about the database: it
// answered the other requests meanwhile (and the periodic probe tells a real outage).
const overruns = new WeakSet<ApiError>();

/** The 503 of a request whose deadline passed. */
export function overrun(): ApiError {
  const error = unavailable('the database did not answer in time, retry shortly');
  overruns.add(error);
  return error;
}

/**
 * Whether the 503 for this error says the database is down, rather than one request's overrun,
 * a busy row or a conflict worth a retry: the breaker's 503s and unreachable servers.
 */
export function meansDatabaseDown(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === 'service_unavailable' && !overruns.has(error);
  return isUnreachable(error) || (codeOf(error)?.startsWith('53') ?? false);
}

export function unavailable(detail = 'the database is unavailable, retry shortly'): ApiError {
  return new ApiError('service_unavailable', detail, { headers: { ...retry } });
}

/**
 * The one place a database error becomes a catalog error. Raw messages never leave here:
 * they name tables and values of other workspaces. Whatever input still reaches Postgres and is
 * refused there is the caller's mistake (4xx), never a 500.
 */
export function fromDatabaseError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  const code = codeOf(error);
  if (!code) return undefined;
  if (isUnreachable(error) || code.startsWith('53') || code.startsWith('08')) return unavailable();
  if (transient[code]) return unavailable(transient[code]);
  if (isWorkerLockTimeout(code, error)) return unavailable(transient['55P03']);
  if (isUniqueViolation(error)) {
    const { constraint_name: constraint } = error as { constraint_name?: string };
    return new ApiError('conflict', (constraint && conflicts[constraint]) || 'a resource with these values already exists');
  }
  if (code === '23P01') return new ApiError('conflict', 'the resource overlaps another one');
  if (code === '23503') return new ApiError('conflict', 'a related resource does not exist (any more) or still depends on this one');
  if (code === '23502' || code === '23514') return new ApiError('validation_failed', 'a value breaks a rule of the stored data');
  // 22: data exceptions (a value out of range, a byte Postgres cannot store); 54: too large or too deep.
  if (code.startsWith('22') || code.startsWith('54')) {
    return new ApiError('invalid_request', 'the request carries a value the database cannot store or compare');
  }
  return undefined;
}

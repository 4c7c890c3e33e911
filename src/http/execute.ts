import type { PendingQuery, TransactionSql } from 'postgres';
import { callerOf, type Credential } from '../auth/credentials.js';
import { ApiError } from '../errors.js';
import type { Deadline } from '../db/deadline.js';
import type { ReadSql } from '../db/read-sql.js';
import type { LivePool } from '../db/renewal.js';
import type { Operation, Reply } from '../operations/operation.js';
import type { CursorSigner } from '../operations/paging.js';
import { write } from '../db/write.js';
import { changeStatements } from '../resources/changes.js';
import type { Change, ChangeSet, Unit } from '../resources/unit.js';
import { envelope, type Outgoing } from './respond.js';

interface Input { params: Record<string, string>; query: unknown; body: unknown }
interface RequestInfo {
  requestId: string;
  headers: Record<string, string | string[] | undefined>;
  rateLimit: { limit: number; windowSeconds: number };
  /** The request's deadline: its queries are cancelled when it passes. */
  deadline: Deadline;
  cursors: CursorSigner;
}

/** The versions an ETag list names (`"3"`, `W/"3"`, comma-separated); undefined for a tag that is not ours. */
const taggedVersions = (header: string) => header.split(',').map((tag) => /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(tag)?.[1]);

/** `If-Match: "3"` (or a list, or `*`) → the versions it accepts; undefined when absent. */
function parseIfMatch(header: string | undefined): number[] | '*' | undefined {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return '*';
  const versions = taggedVersions(header);
  if (versions.some((v) => v === undefined)) {
    throw new ApiError('precondition_failed', 'If-Match must be an ETag of this resource, e.g. "3"');
  }
  return versions.map(Number);
}

/** Whether `If-None-Match` names the current version (or `*`): the client's copy is fresh. */
function unchanged(header: string | undefined, version: number): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return taggedVersions(header).includes(String(version));
}

/** A single versioned resource answers with its ETag, so the next If-Match needs no extra GET. */
function versionOf(op: Operation, data: unknown): number | undefined {
  const version = !op.list && typeof data === 'object' && data !== null ? (data as { version?: unknown }).version : undefined;
  return typeof version === 'number' ? version : undefined;
}

function respond(op: Operation, reply: Reply, headers: RequestInfo['headers']): Outgoing {
  const extra: Record<string, string> = {};
  if (reply.location) extra.location = reply.location;
  const version = versionOf(op, reply.data);
  if (version !== undefined) {
    extra.etag = `"${version}"`;
    if (op.method === 'GET' && unchanged(headers['if-none-match'] as string | undefined, version)) {
      return { status: 304, headers: extra, body: '' };
    }
  }
  return envelope(reply.status ?? 200, reply.data, reply.meta, extra);
}

/**
 * Step 11: the handler. A read runs on the read-only pool; a write runs in one transaction
 * (src/db/write.ts) with its lock, If-Match check and change rows. `lastWrites` makes the
 * statements that record the response in that transaction (the idempotency record); they and the
 * change rows go out with COMMIT, one round trip.
 */
export async function runOperation(
  { pool, reads }: { pool: LivePool; reads: LivePool<ReadSql> }, op: Operation, credential: Credential, req: RequestInfo, input: Input,
  lastWrites?: (tx: TransactionSql, response: Outgoing) => PendingQuery<any>[],
): Promise<Outgoing> {
  const { workspace } = credential;
  const { rateLimit, requestId, deadline } = req;
  const { params, query, body } = input;
  const caller = callerOf(credential);
  if (op.method === 'GET') {
    const reply = await op.handler({ operationId: op.id, caller, workspace, rateLimit, requestId, params, query, body: undefined, db: reads.current, cursors: req.cursors });
    return respond(op, reply, req.headers);
  }
  const ifMatch = parseIfMatch(req.headers['if-match'] as string | undefined);
  return write(pool.current, deadline, async (tx) => {
    const changes: (Change | ChangeSet)[] = [];
    const unit: Unit = { sql: tx, workspace, record: (c) => changes.push(c) };
    let locked: { version: number } | undefined;
    if (op.lock) {
      const id = op.lock.param ? input.params[op.lock.param]! : workspace.id;
      const row = await op.lock.store.get(tx, workspace, id, { lock: true });
      if (ifMatch !== undefined && ifMatch !== '*' && !ifMatch.includes(row.version)) {
        throw new ApiError('precondition_failed', `the resource is at version ${row.version}`);
      }
      locked = row;
    }
    const response = respond(op, await op.handler({ operationId: op.id, caller, workspace, rateLimit, requestId, params, query, body, unit, locked }), req.headers);
    return { response, changes };
  }, (done, tx) => [...changeStatements(tx, workspace, credential.id, req.requestId, done.changes), ...(lastWrites?.(tx, done.response) ?? [])])
    .then((done) => done.response);
}

import type { Sql, TransactionSql } from 'postgres';
import type { Credential } from '../auth/credentials.js';
import { ApiError } from '../errors.js';
import type { Change, HandlerContext, Operation, Reply } from '../operations/operation.js';
import { envelope, type Outgoing } from './respond.js';


interface Input { params: unknown; query: unknown; body: unknown }
interface RequestInfo {
  requestId: string;
  headers: Record<string, string | string[] | undefined>;
  rateLimit: { limit: number; windowSeconds: number };
}

/** `If-Match: "3"` (or a list, or `*`) → the versions it accepts; undefined when absent. */
export function parseIfMatch(header: string | undefined): number[] | '*' | undefined {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return '*';
  const versions = header.split(',').map((tag) => /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(tag)?.[1]);
  if (versions.some((v) => v === undefined)) {
    throw new ApiError('precondition_failed', 'If-Match must be an ETag of this resource, e.g. "3"');
  }
  return versions.map(Number);
}

/** Appends the handler's changes to every feed that can read them, as the transaction's last write. */
async function appendChanges(tx: TransactionSql, credential: Credential, requestId: string, changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  await tx`select pg_advisory_xact_lock(hashtext('partner-service:feed'), (${credential.workspace.federationId}::bigint % 2147483647)::integer)`;
  const rows = changes.flatMap((c) => (c.workspaceIds ?? [credential.workspace.id]).map((workspaceId) => ({
    workspace_id: workspaceId, resource_type: c.resourceType, resource_id: c.resourceId, action: c.action,
    version: c.version, credential_id: credential.id, request_id: requestId,
  })));
  await tx`insert into changes ${tx(rows)}`;
}

function headersOf(op: Operation, reply: Reply): Record<string, string> {
  const headers: Record<string, string> = {};
  if (reply.location) headers.location = reply.location;
  if (op.method === 'GET' && reply.version !== undefined) headers.etag = `"${reply.version}"`;
  return headers;
}

function respond(op: Operation, reply: Reply): Outgoing {
  return envelope(reply.status ?? 200, reply.data, reply.meta, headersOf(op, reply));
}

/**
 * Step 11: the handler, in one transaction for a write with its If-Match check and change rows.
 * `beforeCommit` sees the response inside that transaction (the idempotency record is written there).
 */
export async function runOperation(
  sql: Sql, op: Operation, credential: Credential, req: RequestInfo, input: Input,
  beforeCommit?: (tx: TransactionSql, response: Outgoing) => Promise<void>,
): Promise<Outgoing> {
  const changes: Change[] = [];
  const context = (db: Sql | TransactionSql): HandlerContext<unknown, unknown, unknown> => ({
    sql: db,
    operationId: op.id,
    workspace: credential.workspace,
    credential,
    rateLimit: req.rateLimit,
    requestId: req.requestId,
    ...input,
    change: (c) => changes.push(c),
  });
  if (op.method === 'GET') return respond(op, await op.handler(context(sql)));
  const ifMatch = parseIfMatch(req.headers['if-match'] as string | undefined);
  return sql.begin(async (tx) => {
    const ctx = context(tx);
    if (ifMatch !== undefined && op.currentVersion) {
      const current = await op.currentVersion(ctx);
      if (current === null) throw new ApiError('not_found', 'no such resource');
      if (ifMatch !== '*' && !ifMatch.includes(current)) {
        throw new ApiError('precondition_failed', `the resource is at version ${current}`);
      }
    }
    const response = respond(op, await op.handler(ctx));
    await appendChanges(tx, credential, req.requestId, changes);
    await beforeCommit?.(tx, response);
    return response;
  });
}

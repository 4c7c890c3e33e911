import * as v from 'valibot';
import type { Scope } from '../../auth/scopes.js';
import { defineOperation } from '../operation.js';
import type { WorkspaceKind } from '../../workspace.js';
import { readChanges } from '../../resources/changes.js';
import { afterCursor, page } from '../paging.js';
import { id, limit, out } from '../schemas.js';

// One wording of the audit-trail rule (conventions.md), the same in the partner guide (src/openapi/guide/tags/changes.md).
const auditTrail = "`key_id` and `request_id` name the credential and the request that made the change when that credential belongs to the feed's own workspace, and are null otherwise (another workspace's change, or the console's).";

const change = v.pipe(
  v.object({
    id: v.string(),
    occurred_at: out.instant,
    resource_type: v.string(),
    resource_id: v.string(),
    action: v.string(),
    version: v.nullable(out.integer),
    key_id: v.pipe(v.nullable(v.string()), v.description(auditTrail)),
    request_id: v.pipe(v.nullable(v.string()), v.description(auditTrail)),
  }),
  v.title('Change'),
  v.examples([{
    id: '1207', occurred_at: '2026-11-21T09:30:00.000Z', resource_type: 'member', resource_id: '42', action: 'updated', version: 3,
    key_id: 'pk_abcdefghijklmnopqrstuvwxyz', request_id: 'req_3kT9qLm2VxR8aW1c',
  }]),
);

const query = v.strictObject({
  after: v.optional(v.pipe(id, v.description('Return changes after this change id (the last one a poller processed). Leave it out to read from the start: ids begin above 0 and have gaps, and each feed numbers its own changes. A position this feed never handed out (beyond its newest change, or lost when the database was restored from a backup) is 409 `feed_reset` with `resume_after`: re-read (GET) the resource of every change you processed with a larger id, replacing your copy or deleting it on 404, then poll after `resume_after` (leaving `after` out when it is `0`). The same holds for a cursor.'))),
  limit: v.optional(limit, '25'),
  cursor: v.optional(v.string()),
});

/** The change feed of the caller's workspace, in id order (never skipping a later commit: see src/resources/changes.ts). */
export function changesList(kind: WorkspaceKind) {
  return defineOperation({
    summary: `The change feed of the ${kind}, oldest first`,
    method: 'GET',
    path: `/v1/${kind}/changes`,
    scope: `${kind}:changes:read` as Scope,
    query,
    response: change,
    list: true,
    refusals: ['feed_reset'],
    async handler(ctx) {
      const q = ctx.query;
      const from = afterCursor(ctx, { ...q, after: undefined })?.[0] ?? q.after ?? '0';
      const rows = await readChanges(ctx.db, ctx.workspace, from, q.limit + 1);
      return page(ctx, { ...q, after: undefined }, rows, (r) => [r.id as string]);
    },
  });
}

// The change feed's storage: writers append, pollers read, and a poller asking for the changes
// after the last id it saw never skips one that commits later with a smaller id.
//
// Ids come from one sequence at insert, so they are not in commit order. Every writer takes its
// federation's feed lock in shared mode before its first change row and holds it to commit;
// writers do not wait for each other, and their commits share a WAL flush. A poll first asks for
// the horizon (sql/00013): the lock taken exclusively for an instant, granted once no writer of the
// federation holds an id, and the last id handed out. Every id up to it is then committed or gone,
// and later writers get larger ids, so the page, read up to the horizon in a later snapshot, has no
// gap that could fill. A poll waits for the writes then in flight (about one commit); it holds up
// writers and other polls for no longer than that instant.
import type { Fragment, PendingQuery, Row, TransactionSql } from 'postgres';
import { ApiError } from '../errors.js';
import type { Workspace } from '../workspace.js';
import type { Change, ChangeSet, Db } from './unit.js';

/**
 * The statements that append the changes to every feed that can read them, the transaction's last
 * writes, in the order the changes were made: the feed lock (with the webhook wake-up), then rows for named workspaces in
 * batches, each "every club" change and each change set in its place. Sent together and in order
 * (`sendInOrder`), a lock that times out fails the inserts after it too, and is the error reported.
 */
export function changeStatements(tx: TransactionSql, workspace: Workspace, credentialId: string, requestId: string, changes: (Change | ChangeSet)[]): PendingQuery<Row[]>[] {
  if (changes.length === 0) return [];
  const federation = workspace.federationId;
  // The wake-up goes with the lock: its notification is sent at commit whichever statement asks.
  const statements = [tx`select feed_write_lock(${federation}), ${webhookWake(tx, federation, changes)}`];
  // Every feed row goes in here, from a source of (workspace, type, id, action, version): it shows
  // key_id and request_id only when a credential of the feed's own workspace made the change.
  const append = (source: Fragment) => statements.push(tx`
    insert into changes (federation_id, workspace_id, resource_type, resource_id, action, version, credential_id, request_id)
    select ${federation}::bigint, w, t, r, a, v, case when w = ${workspace.id} then ${credentialId}::bigint end, case when w = ${workspace.id} then ${requestId} end
    from (${source}) as p(w, t, r, a, v)`);
  // One JSON document of rows, one statement whatever the count: a multi-row VALUES takes at most
  // 65 535 parameters, and postgres.js would serialize arrays value by value on the event loop.
  let pending: [workspace: string, type: string, id: string, action: string, version: number | null][] = [];
  const flush = () => {
    if (pending.length === 0) return;
    append(tx`select (u->>0)::bigint, u->>1, (u->>2)::bigint, u->>3, (u->>4)::int from jsonb_array_elements(${tx.json(pending)}) as u`);
    pending = [];
  };
  for (const c of changes) {
    if ('rows' in c) {
      flush();
      append(tx`select w, ${c.type}::text, r, ${c.action}::text, v from (${c.rows}) as s(r, v, w)`);
      continue;
    }
    for (const id of new Set(c.audience.workspaces)) pending.push([id, c.type, c.id, c.action, c.version]);
    if (c.audience.clubsOf === undefined) continue;
    flush();
    append(tx`
      select id, ${c.type}::text, ${c.id}::bigint, ${c.action}::text, ${c.version}::int from workspaces
      where federation_id = ${c.audience.clubsOf} and kind = 'club' and not (id = any(${c.audience.workspaces}::bigint[]))`);
  }
  flush();
  return statements;
}

/**
 * Wakes the delivery workers (src/webhooks/worker.ts) at commit when an enabled endpoint of the
 * federation follows a feed these changes reach: a named workspace's, any club's for a change of
 * every club, any for a change set (whose workspaces Postgres selects). sql/00026 says why a function.
 */
function webhookWake(tx: TransactionSql, federation: string, changes: (Change | ChangeSet)[]): Fragment {
  const named = new Set<string>();
  let clubs = false;
  let everyone = false;
  for (const c of changes) {
    if ('rows' in c) everyone = true;
    else {
      for (const id of c.audience.workspaces) named.add(id);
      if (c.audience.clubsOf !== undefined) clubs = true;
    }
  }
  return tx`webhook_wake(${federation}, ${[...named]}::bigint[], ${clubs}, ${everyone})`;
}

/**
 * Up to `limit` changes of the workspace's feed after change id `after`, oldest first. Called on the
 * pool, never in a transaction: there the horizon's lock would last until the transaction ends.
 * A position the feed never handed out (beyond its newest change, or lost by a restore: sql/00022)
 * is 409 feed_reset naming where to resume, never an empty page.
 */
export async function readChanges(sql: Db, workspace: Workspace, after: string, limit: number): Promise<Row[]> {
  const [{ horizon, resume }] = await sql<[{ horizon: string; resume: string | null }]>`
    select feed_horizon(${workspace.federationId}) as horizon, feed_reset_position(${workspace.federationId}, ${workspace.id}, ${after}) as resume`;
  if (resume !== null) throw feedReset(after, resume);
  // Row comparisons alone bound the scan to changes_feed_idx, from (workspace, after) to
  // (workspace, horizon), and imply the workspace. With a bare id range the planner may walk the
  // primary key from `after`, skipping every other workspace's rows (10 000 for a federation);
  // with `workspace_id =` beside them the scan starts at the workspace's first change and reads
  // its index up to `after` (20 000 entries in the middle of the small seed's big club's feed).
  // Ordered by both columns, which only this index gives.
  return sql<Row[]>`
    select ${feedRow(sql)}
    where ch.federation_id = ${workspace.federationId}
      and (ch.workspace_id, ch.id) > (${workspace.id}::bigint, ${after}::bigint)
      and (ch.workspace_id, ch.id) <= (${workspace.id}::bigint, ${horizon}::bigint)
    order by ch.workspace_id, ch.id limit ${limit}`;
}

/** A feed row's columns and their source, for the readers that add their own conditions (the webhook worker reads many feeds at once). */
export const feedRow = (sql: Db) => sql`
  ch.id, ch.occurred_at, ch.resource_type, ch.resource_id, ch.action, ch.version, c.key_id, ch.request_id
  from changes ch left join credentials c on c.id = ch.credential_id`;

/** 409 feed_reset: what the partner does is in the detail, where to resume in `resume_after`. */
function feedReset(after: string, resume: string): ApiError {
  return new ApiError('feed_reset',
    `position ${after} is not in this feed's history (the database was restored to an earlier point, or the position was never handed out): ` +
    `re-read the resource of every change you processed after ${resume}, then poll after=${resume}`,
    { resumeAfter: resume });
}

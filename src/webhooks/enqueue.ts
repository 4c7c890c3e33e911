// From the feed to messages: each enabled endpoint follows its workspace's feed from `position`,
// read through the feed's own reader (so `data` is the row exactly as GET …/changes shows it to
// that workspace, and no change that commits later with a smaller id is skipped). Runs in the
// delivery worker, never in a request.
import type { Row, Sql } from 'postgres';
import { readChanges } from '../resources/changes.js';
import type { WorkspaceKind } from '../workspace.js';

const batch = 500;

interface Follower {
  id: string;
  workspace_id: string;
  kind: WorkspaceKind;
  federation_id: string;
  position: string;
  events: string[];
}

/** The body of the message of one feed row. */
function payloadOf(row: Row): string {
  return JSON.stringify({ type: `${row.resource_type}.${row.action}`, timestamp: row.occurred_at, data: row });
}

const wanted = (events: string[], row: Row) => events.includes('*') || events.includes(`${row.resource_type}.${row.action}`);

/**
 * Turns the changes after each endpoint's position into messages due at `now`. Two instances may
 * run it at once: a message is made once (unique per endpoint and change), a position moves once.
 */
export const scope = (sql: Sql, federations: string[] | undefined) => (federations ? sql`and e.federation_id = any(${federations}::bigint[])` : sql``);

export async function enqueue(sql: Sql, now: Date, federations?: string[]): Promise<number> {
  const followers = await sql<Follower[]>`
    select e.id::text, e.workspace_id::text, w.kind, e.federation_id::text, e.position::text, e.events
    from webhook_endpoints e join workspaces w on w.id = e.workspace_id
    where e.status = 'enabled' ${scope(sql, federations)} and exists (select 1 from changes c where c.workspace_id = e.workspace_id and c.id > e.position)`;
  let made = 0;
  await Promise.all(followers.map(async (f) => {
    const workspace = { id: f.workspace_id, kind: f.kind, federationId: f.federation_id };
    for (let position = f.position; ;) {
      const rows = await readChanges(sql, workspace, position, batch);
      if (rows.length === 0) return;
      const messages = rows.filter((r) => wanted(f.events, r)).map((r) => ({
        federation_id: f.federation_id, endpoint_id: f.id, change_id: r.id as string, body: payloadOf(r), next_attempt_at: now,
      }));
      const last = rows[rows.length - 1]!.id as string;
      // One statement: the messages and the move of the position commit together.
      const moved = messages.length === 0
        ? await sql`update webhook_endpoints set position = ${last} where id = ${f.id} and position = ${position} returning 1`
        : await sql`
          with made as (insert into webhook_messages ${sql(messages)} on conflict (endpoint_id, change_id) do nothing)
          update webhook_endpoints set position = ${last} where id = ${f.id} and position = ${position} returning 1`;
      // Another instance moved it first (or a replay moved it back): the next pass starts from there.
      if (moved.length === 0) return;
      made += messages.length;
      if (rows.length < batch) return;
      position = last;
    }
  }));
  return made;
}

// From the feed to messages: each enabled endpoint follows its workspace's feed from `position`,
// read with the feed's own columns and horizon (so `data` is the row exactly as GET …/changes shows
// it to that workspace, and no change that commits later with a smaller id is skipped). Runs in the
// delivery worker, never in a request.
//
// Set-based: one pass is three statements whatever the number of endpoints (the horizons of the
// federations with news, every endpoint's next page, the messages and the moved positions). A
// horizon waits for the federation's writes in flight, so it is asked once per federation, not
// once per endpoint; and it is its own statement, so the read's snapshot is taken after it.
import type { Row, Sql } from 'postgres';
import { nothing } from '../db/driver.js';
import { feedRow } from '../resources/changes.js';

const batch = 500;

/** The body of the message of one feed row. */
function payloadOf(row: Row): string {
  return JSON.stringify({ type: `${row.resource_type}.${row.action}`, timestamp: row.occurred_at, data: row });
}

const wanted = (events: string[], row: Row) => events.includes('*') || events.includes(`${row.resource_type}.${row.action}`);

export const scope = (sql: Sql, federations: string[] | undefined) => (federations ? sql`and e.federation_id = any(${federations}::bigint[])` : nothing);

/**
 * Turns the changes after each endpoint's position into messages due at `now`; returns whether an
 * endpoint has more than one page waiting (call again). Two instances may run it at once: a message
 * is made once (unique per endpoint and change), a position moves once.
 */
export async function enqueue(sql: Sql, now: Date, federations?: string[]): Promise<boolean> {
  const horizons = await sql<{ federation_id: string; horizon: string }[]>`
    select f.federation_id::text, feed_horizon(f.federation_id)::text as horizon from (
      select distinct e.federation_id from webhook_endpoints e
      where e.status = 'enabled' ${scope(sql, federations)}
        and exists (select 1 from changes c where c.workspace_id = e.workspace_id and c.id > e.position)) f`;
  if (horizons.length === 0) return false;
  const rows = await sql<Row[]>`
    select e.id::text as endpoint_id_, e.federation_id::text as federation_id_, e.position::text as position_, e.events as events_, ch.*
    from webhook_endpoints e
    join unnest(${horizons.map((h) => h.federation_id)}::bigint[], ${horizons.map((h) => h.horizon)}::bigint[]) h (federation_id, horizon)
      on h.federation_id = e.federation_id
    cross join lateral (
      select ${feedRow(sql)}
      where ch.workspace_id = e.workspace_id and ch.id > e.position and ch.id <= h.horizon
      order by ch.id limit ${batch}) ch
    where e.status = 'enabled'
    order by e.id, ch.id`;
  const moves = new Map<string, { from: string; to: string; count: number }>();
  const made = { federation: [] as string[], endpoint: [] as string[], change: [] as string[], body: [] as string[] };
  for (const { endpoint_id_: endpoint, federation_id_: federation, position_: from, events_: events, ...row } of rows) {
    const move = moves.get(endpoint) ?? { from, to: from, count: 0 };
    moves.set(endpoint, { from, to: row.id as string, count: move.count + 1 });
    if (!wanted(events as string[], row)) continue;
    made.federation.push(federation);
    made.endpoint.push(endpoint);
    made.change.push(row.id as string);
    made.body.push(payloadOf(row));
  }
  if (moves.size === 0) return false;
  const ids = [...moves.keys()];
  // One statement: the messages and the moves of the positions commit together. A position another
  // instance moved first (or a replay moved back) stays: the next pass starts from there.
  await sql`
    with made as (
      insert into webhook_messages (federation_id, endpoint_id, change_id, body, next_attempt_at)
      select f, e, c, b, ${now} from unnest(${made.federation}::bigint[], ${made.endpoint}::bigint[], ${made.change}::bigint[], ${made.body}::text[]) m (f, e, c, b)
      on conflict (federation_id, endpoint_id, change_id) do nothing)
    update webhook_endpoints e set position = m.last
    from unnest(${ids}::bigint[], ${ids.map((id) => moves.get(id)!.from)}::bigint[], ${ids.map((id) => moves.get(id)!.to)}::bigint[]) m (id, first, last)
    where e.id = m.id and e.position = m.first`;
  return [...moves.values()].some((m) => m.count === batch);
}

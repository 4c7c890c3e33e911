// From the feed to messages: each enabled endpoint follows its workspace's feed from `position`,
// read with the feed's own columns and horizon (so `data` is the row exactly as GET …/changes shows
// it to that workspace, and no change that commits later with a smaller id is skipped). Runs in the
// delivery worker, never in a request.
//
// One pass: the federations with news (one read of every federation's endpoints), their horizons
// (one statement, no table: asked once per federation, since a horizon waits for the federation's
// writes in flight), then for each federation its endpoints' next pages and, in one more
// statement, the messages and the moved positions. Each statement but the first names its one
// federation, so on Citus it goes to one shard; the read of a horizon's pages is a statement of
// its own, so its snapshot is taken after the horizon.
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
  // The one statement that reads every federation: which have an enabled endpoint behind its feed.
  const news = await sql<{ federation_id: string }[]>`
    select distinct e.federation_id::text from webhook_endpoints e
    where e.status = 'enabled' ${scope(sql, federations)}
      and exists (select 1 from changes c where c.federation_id = e.federation_id and c.workspace_id = e.workspace_id and c.id > e.position)`;
  if (news.length === 0) return false;
  const horizons = await sql<{ federation_id: string; horizon: string }[]>`
    select f::text as federation_id, feed_horizon(f)::text as horizon from unnest(${news.map((n) => n.federation_id)}::bigint[]) f`;
  let more = false;
  for (const { federation_id: federation, horizon } of horizons) {
    if (await enqueueFederation(sql, now, federation, horizon)) more = true;
  }
  return more;
}

/** One federation's part of a pass: its endpoints' pages up to its horizon become messages. True when a page was full. */
async function enqueueFederation(sql: Sql, now: Date, federation: string, horizon: string): Promise<boolean> {
  const rows = await sql<Row[]>`
    select e.id::text as endpoint_id_, e.position::text as position_, e.events as events_, ch.*
    from webhook_endpoints e
    cross join lateral (
      select ${feedRow(sql)}
      where ch.federation_id = ${federation} and ch.workspace_id = e.workspace_id and ch.id > e.position and ch.id <= ${horizon}
      order by ch.id limit ${batch}) ch
    where e.federation_id = ${federation} and e.status = 'enabled'
    order by e.id, ch.id`;
  const moves = new Map<string, { from: string; to: string; count: number }>();
  const made = { endpoint: [] as string[], change: [] as string[], body: [] as string[] };
  for (const { endpoint_id_: endpoint, position_: from, events_: events, ...row } of rows) {
    const move = moves.get(endpoint) ?? { from, to: from, count: 0 };
    moves.set(endpoint, { from, to: row.id as string, count: move.count + 1 });
    if (!wanted(events as string[], row)) continue;
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
      select ${federation}::bigint, e, c, b, ${now} from unnest(${made.endpoint}::bigint[], ${made.change}::bigint[], ${made.body}::text[]) m (e, c, b)
      on conflict (federation_id, endpoint_id, change_id) do nothing)
    update webhook_endpoints e set position = m.last
    from unnest(${ids}::bigint[], ${ids.map((id) => moves.get(id)!.from)}::bigint[], ${ids.map((id) => moves.get(id)!.to)}::bigint[]) m (id, first, last)
    where e.federation_id = ${federation} and e.id = m.id and e.position = m.first`;
  return [...moves.values()].some((m) => m.count === batch);
}

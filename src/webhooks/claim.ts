// How an instance takes attempts: a read picks the endpoints for the free slots (the one statement
// that reads every federation, and it locks nothing); then, one statement per federation picked,
// their rows are locked FOR UPDATE SKIP LOCKED, so of several instances exactly one takes each
// attempt, and each endpoint is marked busy for a lease (one attempt in flight per endpoint, oldest
// change first) and its message `sending`. An endpoint another instance took in between is idle
// no more when locked, and is skipped: its slot waits for the next pass.
//
// The rule that shares the slots: the free slots go round robin over the workspaces with due
// messages, fewest attempts in flight in this instance first, and no workspace ever holds more
// than its share of this instance's slots. A workspace's slow endpoints therefore wait for their
// own share and never hold the slots of the others.
import type { Sql } from 'postgres';
import { groupBy } from '../resources/rows.js';
import { scope } from './enqueue.js';
import type { Held } from './shares.js';
import { leaseMs } from './schedule.js';

export interface Claimed {
  id: string;
  federation_id: string;
  endpoint_id: string;
  workspace_id: string;
  change_id: string;
  body: string;
  attempts: number;
  url: string;
  secret_sealed: Buffer;
  previous_secret_sealed: Buffer | null;
  previous_until: Date | null;
}

interface Claim {
  now: Date;
  /** Free slots of this instance. */
  slots: number;
  /** The most one workspace may hold in this instance. */
  perWorkspace: number;
  held: Held;
  federations: string[] | undefined;
}

const idle = (sql: Sql, now: Date) => sql`e.status = 'enabled' and (e.busy_until is null or e.busy_until <= ${now})`;
/** A message `m` to send now: pending and due, or sending under a lease that lapsed. */
const dueMessage = (sql: Sql, now: Date) => sql`(m.status = 'pending' and m.next_attempt_at <= ${now} or m.status = 'sending' and m.claimed_until <= ${now})`;

export async function claim(sql: Sql, { now, slots, perWorkspace, held, federations }: Claim): Promise<Claimed[]> {
  const [workspaces, counts] = held.entries();
  // `turn`: which of its workspace's attempts in this instance this one would be (1 = its first).
  // Ordered by turn, every workspace gets its next slot before any gets the one after.
  const picked = await sql<{ federation_id: string; id: string }[]>`
    with held (workspace_id, n) as (select * from unnest(${workspaces}::bigint[], ${counts}::int[])
    ), due as (
      select e.federation_id, e.id, e.busy_until,
        coalesce(h.n, 0) + row_number() over (partition by e.federation_id, e.workspace_id order by e.busy_until nulls first, e.id) as turn
      from webhook_endpoints e left join held h on h.workspace_id = e.workspace_id
      where ${idle(sql, now)} ${scope(sql, federations)}
        and exists (select 1 from webhook_messages m where m.federation_id = e.federation_id and m.endpoint_id = e.id and ${dueMessage(sql, now)})
    )
    select federation_id::text, id::text from due where turn <= ${perWorkspace} order by turn, busy_until nulls first, id limit ${slots}`;
  const claimed: Claimed[] = [];
  for (const [federation, endpoints] of groupBy(picked, 'federation_id')) claimed.push(...await take(sql, now, federation, endpoints.map((e) => e.id)));
  return claimed;
}

/** Takes the picked endpoints of one federation that are still idle and not locked by another instance, each with its oldest due message. */
function take(sql: Sql, now: Date, federation: string, endpoints: string[]): Promise<Claimed[]> {
  const lease = new Date(now.getTime() + leaseMs);
  return sql<Claimed[]>`
    with free as (
      select e.id from webhook_endpoints e
      where e.federation_id = ${federation} and e.id = any(${endpoints}::bigint[]) and ${idle(sql, now)}
      for update of e skip locked
    ), next as (
      select distinct on (m.endpoint_id) m.id, m.endpoint_id from webhook_messages m join free on free.id = m.endpoint_id
      where m.federation_id = ${federation} and ${dueMessage(sql, now)}
      order by m.endpoint_id, m.change_id
    ), busy as (
      update webhook_endpoints e set busy_until = ${lease} from next where e.federation_id = ${federation} and e.id = next.endpoint_id
    )
    update webhook_messages m set status = 'sending', claimed_until = ${lease}, attempts = m.attempts + 1
    from next join webhook_endpoints e on e.federation_id = ${federation} and e.id = next.endpoint_id
    where m.federation_id = ${federation} and m.id = next.id
    returning m.id::text, m.federation_id::text, m.endpoint_id::text, e.workspace_id::text, m.change_id::text, m.body, m.attempts, e.url,
      e.secret_sealed, e.previous_secret_sealed, e.previous_until`;
}

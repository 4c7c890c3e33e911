// How an instance takes attempts: one statement over endpoint rows locked FOR UPDATE SKIP LOCKED,
// so of several instances exactly one takes each attempt. It marks the endpoint busy for a lease
// (one attempt in flight per endpoint, oldest change first) and the message `sending`.
//
// The rule that shares the slots: the free slots go round robin over the workspaces with due
// messages, fewest attempts in flight in this instance first, and no workspace ever holds more
// than its share of this instance's slots. A workspace's slow endpoints therefore wait for their
// own share and never hold the slots of the others.
import type { Sql } from 'postgres';
import { scope } from './enqueue.js';
import type { Held } from './shares.js';
import { leaseMs } from './schedule.js';

export interface Claimed {
  id: string;
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

export function claim(sql: Sql, { now, slots, perWorkspace, held, federations }: Claim): Promise<Claimed[]> {
  const lease = new Date(now.getTime() + leaseMs);
  const [workspaces, counts] = held.entries();
  const idle = sql`e.status = 'enabled' and (e.busy_until is null or e.busy_until <= ${now})`;
  // `turn`: which of its workspace's attempts in this instance this one would be (1 = its first).
  // Ordered by turn, every workspace gets its next slot before any gets the one after.
  return sql<Claimed[]>`
    with held (workspace_id, n) as (select * from unnest(${workspaces}::bigint[], ${counts}::int[])
    ), due as (
      select e.id, e.busy_until,
        coalesce(h.n, 0) + row_number() over (partition by e.workspace_id order by e.busy_until nulls first, e.id) as turn
      from webhook_endpoints e left join held h on h.workspace_id = e.workspace_id
      where ${idle} ${scope(sql, federations)}
        and exists (select 1 from webhook_messages m where m.endpoint_id = e.id
          and (m.status = 'pending' and m.next_attempt_at <= ${now} or m.status = 'sending' and m.claimed_until <= ${now}))
    ), turns as (
      select id, turn from due where turn <= ${perWorkspace} order by turn, busy_until nulls first, id limit ${slots}
    ), free as (
      select e.id from webhook_endpoints e join turns t on t.id = e.id
      where ${idle}
      for update of e skip locked
    ), next as (
      select distinct on (m.endpoint_id) m.id, m.endpoint_id from webhook_messages m join free on free.id = m.endpoint_id
      where m.status = 'pending' and m.next_attempt_at <= ${now} or m.status = 'sending' and m.claimed_until <= ${now}
      order by m.endpoint_id, m.change_id
    ), busy as (
      update webhook_endpoints e set busy_until = ${lease} from next where e.id = next.endpoint_id
    )
    update webhook_messages m set status = 'sending', claimed_until = ${lease}, attempts = m.attempts + 1
    from next join webhook_endpoints e on e.id = next.endpoint_id
    where m.id = next.id
    returning m.id::text, m.endpoint_id::text, e.workspace_id::text, m.change_id::text, m.body, m.attempts, e.url, e.secret_sealed,
      e.previous_secret_sealed, e.previous_until`;
}

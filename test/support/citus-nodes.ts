// What the Citus lane's tests see on each node: where a tenant's shard of a table lives, a row
// held locked on that worker, and the sessions of a database on every node.
import postgres, { type Sql } from 'postgres';
import type { Test } from 'tap';
import { citusNodes, inDatabase } from './citus.js';
import { holdInTransaction, type HeldLock } from './locks.js';

export interface Placement {
  /** The shard's table on the worker, e.g. members_102008. */
  shard: string;
  /** The worker's URL, in the database of `sql`. */
  url: string;
}

/** The shard of `table` holding `federationId`'s rows, and the worker it is on. */
export async function placementOf(sql: Sql, table: string, federationId: string): Promise<Placement> {
  const [row] = await sql<{ shard: string; host: string; port: number; database: string }[]>`
    select s.shard_name as shard, s.nodename as host, s.nodeport as port, current_database() as database
    from citus_shards s
    where s.shardid = get_shard_id_for_distribution_column(${table}::regclass, ${federationId}::bigint)`;
  if (!row) throw new Error(`no shard of ${table} for federation ${federationId}`);
  return { shard: row.shard, url: `postgres://postgres@${row.host}:${row.port}/${row.database}` };
}

/** The application_name of the sessions that hold locks for a test, so that it can leave them out of what it counts. */
export const holderApplication = 'citus-test-holder';

/**
 * Locks one row (`federation_id`, `id`) of `table` FOR UPDATE in an open transaction of a
 * connection made straight to the worker that holds its shard, until `unlock()`.
 */
export async function holdRowOnWorker(t: Test, sql: Sql, table: string, federationId: string, id: string): Promise<HeldLock> {
  const { shard, url } = await placementOf(sql, table, federationId);
  const worker = holderOn(t, url);
  return holdInTransaction(worker, (tx) => tx.unsafe<{ pid: number }[]>(
    `select pg_backend_pid() as pid from ${shard} where federation_id = $1 and id = $2 for update`, [federationId, id]));
}

/** A connection of its own to `url` for a test's lock holder, ended with the test. */
export function holderOn(t: Test, url: string): Sql {
  const holder = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name: holderApplication } });
  t.teardown(() => holder.end({ timeout: 1 }));
  return holder;
}

export interface Session {
  /** 0 the coordinator, 1 and 2 the workers. */
  node: number;
  pid: number;
  application: string;
  state: string | null;
  waiting: string | null;
  query: string;
}

/** The client sessions of `database` on every node of the lane's cluster. */
export async function sessionsOnNodes(database: string): Promise<Session[]> {
  const all = await Promise.all(citusNodes().map(async (url, node) => {
    const sql = postgres(inDatabase(url, 'postgres'), { max: 1, onnotice: () => {} });
    try {
      const rows = await sql<Omit<Session, 'node'>[]>`
        select pid, coalesce(application_name, '') as application, state, wait_event_type as waiting, coalesce(query, '') as query
        from pg_stat_activity
        where datname = ${database} and backend_type = 'client backend' and pid <> pg_backend_pid()`;
      return rows.map((r) => ({ ...r, node }));
    } finally {
      await sql.end({ timeout: 1 });
    }
  }));
  return all.flat();
}

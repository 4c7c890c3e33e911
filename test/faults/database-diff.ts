// The whole database as sets of rows, and which differences accepted requests do not explain.
import type { Sql } from 'postgres';

/** Bookkeeping every request may touch (nonces, rate windows, stored idempotent answers). */
const bookkeeping = new Set(['nonces', 'rate_windows', 'idempotency_keys', 'schema_migrations']);

export type Snapshot = Map<string, Set<string>>;

export async function snapshot(sql: Sql): Promise<Snapshot> {
  const tables = await sql<{ name: string }[]>`
    select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`;
  const out: Snapshot = new Map();
  for (const { name } of tables.filter((t) => !bookkeeping.has(t.name))) {
    const rows = await sql<{ row: string }[]>`select to_jsonb(t)::text as row from ${sql(name)} t`;
    out.set(name, new Set(rows.map((r) => r.row)));
  }
  return out;
}

const idsOf = (row: Record<string, unknown>) =>
  Object.entries(row).filter(([k, v]) => (k === 'id' || k.endsWith('_id')) && v !== null).map(([, v]) => String(v));

/**
 * Rows added or gone between two snapshots that no accepted request accounts for: every new
 * change row must come from the transaction of an accepted request (one of whose rows carries
 * its id), and every other changed row must name (as `id` or `…_id`) a resource those change
 * rows name.
 */
export function unexplained(before: Snapshot, after: Snapshot, acceptedRequestIds: Set<string>): string[] {
  const diff = (table: string) => {
    const a = before.get(table) ?? new Set<string>();
    const b = after.get(table) ?? new Set<string>();
    return { added: [...b].filter((row) => !a.has(row)), gone: [...a].filter((row) => !b.has(row)) };
  };
  const changes = diff('changes');
  const problems = changes.gone.map((row) => `changes: a row went away: ${row}`);
  const touched = new Set<string>();
  const added = changes.added.map((text) => JSON.parse(text));
  // Only the writer's own feed rows carry its request id. Other feeds' rows, and a change no feed
  // of the writer's own sees (a federation's license approval updates a club's member), are
  // known by their transaction: every row of one transaction has its `now()` as occurred_at.
  const accepted = new Set(added.filter((row) => acceptedRequestIds.has(row.request_id)).map((row) => row.occurred_at));
  for (const row of added) {
    if (!accepted.has(row.occurred_at)) problems.push(`changes: written for a refused request: ${JSON.stringify(row)}`);
    touched.add(String(row.resource_id));
  }
  for (const table of after.keys()) {
    if (table === 'changes') continue;
    const { added, gone } = diff(table);
    for (const row of [...added, ...gone]) {
      if (!idsOf(JSON.parse(row)).some((id) => touched.has(id))) problems.push(`${table}: changed by no accepted request: ${row}`);
    }
  }
  return problems;
}

// Where each table of the schema lives on Citus (bin/README.md, "Running at scale"). The
// migrations run while the `citus` extension is present end here: every table of schema
// public not yet in Citus's metadata becomes a reference table or a table distributed by
// federation_id, co-located with the others, so that a tenant's rows of every table sit on one
// shard. Citus refuses to distribute a table that a foreign key ties to a plain table, so the
// keys touching the new tables are dropped first and added again after (the same definitions).
import type { Sql } from 'postgres';

/** Installation tables: small, written rarely, read by every node and every request. */
export const referenceTables = ['workspaces', 'operators', 'credentials', 'feed_histories', 'secret_key_canary', 'person_rekey'];

/**
 * Plain tables on the coordinator, never given to Citus: the signed request's bookkeeping
 * (one statement, no hop to a worker) and the installation's own singletons.
 */
export const coordinatorTables = ['nonces', 'rate_windows', 'nonce_reset', 'schema_migrations'];

export type Placement = 'reference' | 'distributed' | 'coordinator';

/** A table's home: the lists above, else distributed when it has federation_id; else none. */
export function placementOf(table: string, hasFederationId: boolean): Placement | undefined {
  if (referenceTables.includes(table)) return 'reference';
  if (coordinatorTables.includes(table)) return 'coordinator';
  return hasFederationId ? 'distributed' : undefined;
}

export async function citusPresent(sql: Sql): Promise<boolean> {
  return (await sql`select 1 from pg_extension where extname = 'citus'`).length > 0;
}

/** What Citus made of a table, if anything; `local`: a Citus local table on the coordinator. */
type Kind = 'distributed' | 'reference' | 'local';
interface Table { table: string; hasFederationId: boolean; kind: Kind | null; placement: Placement | undefined }
/** A foreign key, its table as regclass text and its name quoted: ready for ALTER TABLE. */
interface ForeignKey { table: string; name: string; definition: string; from: string; to: string }

async function tables(sql: Sql): Promise<Table[]> {
  const rows = await sql<Omit<Table, 'placement'>[]>`
    select c.relname as table,
      exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'federation_id' and not a.attisdropped) as "hasFederationId",
      case when p.partmethod = 'h' then 'distributed' when p.repmodel = 't' then 'reference' when p.logicalrelid is not null then 'local' end as kind
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    left join pg_dist_partition p on p.logicalrelid = c.oid
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`;
  return rows.map((row) => ({ ...row, placement: placementOf(row.table, row.hasFederationId) }));
}

/** The tables to place now; refuses a table without a place or a coordinator table Citus took. */
function pendingOf(placed: Table[]): Table[] {
  const homeless = placed.filter((row) => !row.placement).map((row) => row.table);
  if (homeless.length) {
    throw new Error(`distribute: no place on Citus for ${homeless.join(', ')}: a table needs federation_id, or its name on the reference or the coordinator list of src/db/distribute.ts`);
  }
  const taken = placed.filter((row) => row.placement === 'coordinator' && row.kind).map((row) => row.table);
  if (taken.length) throw new Error(`distribute: the coordinator's ${taken.join(', ')} must not be in Citus's metadata`);
  // A table a later migration tied to a reference table by a foreign key is already a Citus
  // local table (Citus's doing); it is distributed as if new.
  return placed.filter((row) => row.placement !== 'coordinator' && (row.kind === null || row.kind === 'local'));
}

/** The foreign keys touching `names`; refuses the triggers on them and keys to coordinator tables. */
async function keysAround(sql: Sql, names: string[], coordinator: string[]): Promise<ForeignKey[]> {
  const triggers = await sql<{ table: string; name: string }[]>`
    select c.relname as table, t.tgname as name
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal and n.nspname = 'public' and c.relname = any (${names})
    order by c.relname, t.tgname`;
  if (triggers.length) {
    // Citus refuses them (and, allowed, would run them on the workers): their work belongs in the code.
    throw new Error(`distribute: Citus refuses tables with triggers: ${triggers.map((r) => `${r.table} (${r.name})`).join(', ')}`);
  }
  const keys = await sql<ForeignKey[]>`
    select c.conrelid::regclass::text as table, quote_ident(c.conname) as name, pg_get_constraintdef(c.oid) as definition,
      f.relname as from, t.relname as to
    from pg_constraint c join pg_class f on f.oid = c.conrelid join pg_class t on t.oid = c.confrelid
    join pg_namespace n on n.oid = f.relnamespace
    where c.contype = 'f' and n.nspname = 'public' and (f.relname = any (${names}) or t.relname = any (${names}))
    order by f.relname, c.conname`;
  const tied = keys.filter((key) => coordinator.includes(key.from) || coordinator.includes(key.to));
  if (tied.length) {
    // Citus would take the coordinator's table into its metadata to keep the key.
    throw new Error(`distribute: a coordinator table may not have a foreign key to or from a Citus table: ${tied.map((k) => `${k.from}.${k.name}`).join(', ')}`);
  }
  return keys;
}

/**
 * Gives Citus the tables it does not have yet; the tables it placed, in order (none on a second
 * run). `sql` is the migration runner's session, which holds its advisory lock.
 */
export async function distribute(sql: Sql): Promise<string[]> {
  const placed = await tables(sql);
  const pending = pendingOf(placed);
  if (!pending.length) return [];
  const coordinator = placed.filter((row) => row.placement === 'coordinator').map((row) => row.table);
  const keys = await keysAround(sql, pending.map((row) => row.table), coordinator);
  const references = pending.filter((row) => row.placement === 'reference').map((row) => row.table);
  const tenants = pending.filter((row) => row.placement === 'distributed').map((row) => row.table);
  let anchor = placed.find((row) => row.placement === 'distributed' && row.kind === 'distributed')?.table;
  await sql.unsafe('begin');
  try {
    // After a parallel command on a distributed table Citus refuses, in the same transaction, the
    // foreign keys to reference tables; one connection per node keeps them allowed.
    await sql.unsafe(`set local citus.multi_shard_modify_mode to 'sequential'`);
    for (const key of keys) await sql.unsafe(`alter table ${key.table} drop constraint ${key.name}`);
    for (const table of references) await sql`select create_reference_table(${table}::regclass)`;
    for (const table of tenants) {
      await sql`select create_distributed_table(${table}::regclass, 'federation_id', colocate_with => ${anchor ?? 'none'})`;
      anchor ??= table;
    }
    for (const key of keys) await sql.unsafe(`alter table ${key.table} add constraint ${key.name} ${key.definition}`);
    await sql.unsafe('commit');
  } catch (error) {
    await sql.unsafe('rollback');
    throw error;
  }
  return [...references, ...tenants];
}

// One store per resource table: the reads every operation shares, the visibility rule, and the
// commands that write a row, bump its version and record the change with its audience.
import type { Fragment, TransactionSql } from 'postgres';
import { fragment, nothing } from '../db/driver.js';
import { invalidField, notFound } from '../errors.js';
import type { Workspace } from '../workspace.js';
import type { Audience, Db, ResourceType, Unit } from './unit.js';

/** Every mutable resource carries these (conventions.md, Optimistic concurrency). */
export interface Versioned {
  id: string;
  version: number;
}

interface StoreSpec<Row extends Versioned> {
  type: ResourceType;
  table: string;
  /** The columns a read returns: the row as the API serves it. */
  columns: readonly string[];
  /** "A workspace sees only its own resources and those it is party to", over the table's columns. */
  visible(sql: Db, ws: Workspace): Fragment;
  /** The feeds that hear of a change to the row. */
  audience(row: Row, ws: Workspace): Audience;
}

export interface Store<Row extends Versioned> extends StoreSpec<Row> {
  /** The columns a read returns, for a query of its own: `select ${store.selection} from …`. */
  selection: Fragment;
  /**
   * The rows the workspace reaches: those of its federation (the tenant column: Citus routes a
   * statement filtered on it to one shard) that `visible` lets it see. Lookups, lists and
   * `updateWhere` filter on it rather than on `visible` alone.
   */
  scope(sql: Db, ws: Workspace): Fragment;
  find(db: Db, ws: Workspace, id: string, options?: { lock?: boolean }): Promise<Row | undefined>;
  /** The row, or 404 exactly as for one that does not exist. */
  get(db: Db, ws: Workspace, id: string, options?: { lock?: boolean }): Promise<Row>;
  /** A row named in a request body: one the caller cannot see is 422 naming the field (domain.md). */
  referenced(db: Db, ws: Workspace, id: string, path: string, options?: { lock?: boolean }): Promise<Row>;
  insert(unit: Unit, values: Record<string, unknown>): Promise<Row>;
  /** Writes `set` (possibly nothing), bumps the version and records `action`. */
  update(unit: Unit, row: Row, set?: Record<string, unknown>, action?: string): Promise<Row>;
  /** `update` for every visible row matching `where`, in one statement. */
  updateWhere(unit: Unit, where: Fragment, set?: Record<string, unknown>): Promise<Row[]>;
  remove(unit: Unit, row: Row): Promise<void>;
}

const forUpdate = fragment`for update`;

export function defineStore<Row extends Versioned>(spec: StoreSpec<Row>): Store<Row> {
  const columns = spec.columns as string[];
  const record = (unit: Unit, row: Row, action: string, version: number | null) =>
    unit.record({ type: spec.type, id: row.id, action, version, audience: spec.audience(row, unit.workspace) });

  // postgres.js builds `column = value` pairs only after the word `update` in the same fragment.
  const updating = (sql: TransactionSql, set: Record<string, unknown>) => {
    const keys = Object.keys(set);
    return keys.length > 0
      ? sql`update ${sql(spec.table)} set ${sql(set as Record<string, never>, keys)}, version = version + 1, updated_at = now()`
      : sql`update ${sql(spec.table)} set version = version + 1, updated_at = now()`;
  };

  const store: Store<Row> = {
    ...spec,
    selection: fragment`${fragment(columns)}`,
    scope: (sql, ws) => sql`federation_id = ${ws.federationId} and ${spec.visible(sql, ws)}`,
    async find(db, ws, id, { lock = false } = {}) {
      const [row] = await db<Row[]>`
        select ${store.selection} from ${db(spec.table)}
        where ${store.scope(db, ws)} and id = ${id} ${lock ? forUpdate : nothing}`;
      return row;
    },
    async get(db, ws, id, options) {
      const row = await store.find(db, ws, id, options);
      if (!row) throw notFound(`no ${spec.type} ${id} in the ${ws.kind}`);
      return row;
    },
    async referenced(db, ws, id, path, options) {
      const row = await store.find(db, ws, id, options);
      if (!row) throw invalidField(path, `no such ${spec.type} in the ${ws.kind}`);
      return row;
    },
    async insert(unit, values) {
      const [row] = await unit.sql<Row[]>`
        insert into ${unit.sql(spec.table)} ${unit.sql({ federation_id: unit.workspace.federationId, ...values })}
        returning ${unit.sql(columns)}`;
      record(unit, row!, 'created', row!.version);
      return row!;
    },
    async update(unit, row, set = {}, action = 'updated') {
      const { sql } = unit;
      const [updated] = await sql<Row[]>`
        ${updating(sql, set)} where federation_id = ${unit.workspace.federationId} and id = ${row.id} returning ${sql(columns)}`;
      record(unit, updated!, action, updated!.version);
      return updated!;
    },
    async updateWhere(unit, where, set = {}) {
      const { sql } = unit;
      const rows = await sql<Row[]>`
        ${updating(sql, set)}
        where ${store.scope(sql, unit.workspace)} and ${where}
        returning ${sql(columns)}`;
      for (const row of rows) record(unit, row, 'updated', row.version);
      return [...rows];
    },
    async remove(unit, row) {
      await unit.sql`delete from ${unit.sql(spec.table)} where federation_id = ${unit.workspace.federationId} and id = ${row.id}`;
      record(unit, row, 'deleted', null);
    },
  };
  return store;
}

/**
 * A list's filter that holds `column` to one value, and the column to order by before the list's
 * own order (one value, so the same order). Written `= any(…)`, it stays in the sort key, and the
 * planner serves the page from an index that leads with it; as `column = …` it leaves the order,
 * and the planner may walk an index without it past every row of the other values, costing the
 * walk as if the rows it wants were spread evenly along it.
 */
export function sortKeyFilter(db: Db, column: string, value: string | undefined, type: 'bigint' | 'text'): { filter?: Fragment; orderBefore?: Fragment } {
  if (value === undefined) return {};
  const one = type === 'bigint' ? db`${[value]}::bigint[]` : db`${[value]}::text[]`;
  return { filter: db`${db(column)} = any(${one})`, orderBefore: db`${db(column)}` };
}

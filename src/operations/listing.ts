// The common shape of a list: the store's scope (the caller's federation and the visibility rule),
// the operation's filters, keyset paging by id and `updated_since`. A list with another order
// writes its own SQL.
import type { Fragment } from 'postgres';
import type { Db } from '../resources/unit.js';
import type { Workspace } from '../workspace.js';
import { nothing, plannedPerRun } from '../db/driver.js';
import type { Store, Versioned } from '../resources/store.js';
import type { ReadContext, Reply } from './operation.js';
import { afterCursor, page, release } from './paging.js';

interface ListQuery { limit: number; cursor?: string; updated_since?: string; [filter: string]: unknown }

interface ListSpec<Row extends Versioned> {
  store: Store<Row>;
  /** The operation's filters; `undefined` for one the request did not set. */
  filters?: (Fragment | undefined)[];
  /** Adds what a page's rows need from other tables, in one query for the page. */
  expand?(rows: Row[]): Promise<unknown[]>;
  /** The row as the caller may see it. */
  shape?(row: Row): unknown;
  /** Columns a filter holds to one value, ordered before `id` (the same order) to choose the index. */
  orderBefore?: Fragment;
  /** A search's condition (`q`): matched only among the rows a page examines (`searchQuery`). */
  search?: Fragment;
  /** Plan the statement for this request's values (`plannedPerRun`): a filter whose selectivity depends on its value is set. */
  plannedPerRun?: boolean;
}

export async function listById<Row extends Versioned>(ctx: ReadContext<unknown, ListQuery>, spec: ListSpec<Row>): Promise<Reply> {
  const { db: sql, query } = ctx;
  const after = afterCursor(ctx, query)?.[0];
  const conditions = [
    spec.store.scope(sql, ctx.workspace),
    ...(spec.filters ?? []),
    query.updated_since ? sql`updated_at >= ${query.updated_since}::timestamptz` : undefined,
    after ? sql`id > ${after}` : undefined,
  ].filter((c): c is Fragment => c !== undefined);
  const where = conditions.reduce((all, c) => sql`${all} and ${c}`);
  if (spec.search) {
    const found = await plannedPerRun(searchQuery(sql, ctx.workspace, spec.store, where, spec.search, query.limit));
    const { rows, examinedTo } = searchRows<Row>(found);
    const shown = spec.expand ? await spec.expand(rows.slice(0, query.limit)) : rows;
    return page(ctx, query, [...shown, ...rows.slice(query.limit)] as Row[], (r) => [r.id], spec.shape as (r: Row) => unknown, examinedTo);
  }
  const statement = sql<Row[]>`
    select ${spec.store.selection} from ${sql(spec.store.table)}
    where ${where} order by ${spec.orderBefore ? sql`${spec.orderBefore}, ` : nothing}id limit ${query.limit + 1}`;
  const rows = await (spec.plannedPerRun ? plannedPerRun(statement) : statement);
  const shown = spec.expand ? await spec.expand(rows.slice(0, query.limit)) : rows;
  const reply = page(ctx, query, [...shown, ...rows.slice(query.limit)] as Row[], (r) => [r.id], spec.shape as (r: Row) => unknown);
  release(rows);
  return reply;
}

/**
 * Rows a page of a search examines at most, in id order (conventions.md, Paging). No index yields
 * substring matches in id order, so a page's work is capped instead: it answers the matches among
 * these rows, and a cursor after the last one examined when the cap stopped it.
 */
export const searchScan = 1000;

/** What a search parameter's description tells the partner of its pages. */
export const searchPages = `A page examines at most ${searchScan} rows: it may hold fewer than \`limit\` matches, even none, with \`next_cursor\` set.`;

/** What a search query adds to each row: how many rows it examined and the last one's id. */
interface Examined { examined: number; examined_to: string | null }

/**
 * A search page: the first `searchScan` rows of `where` (aliased `m`, within the caller's
 * federation) in id order, then the first `limit + 1` of them that `match`, read again by their
 * federation and id. A row with a null id stands alone when none matched.
 */
export function searchQuery(sql: Db, ws: Workspace, store: { table: string; selection: Fragment }, where: Fragment, match: Fragment, limit: number) {
  return sql`
    with examined as materialized (
      select m.id, ${match} as hit from ${sql(store.table)} m where ${where} order by m.id limit ${searchScan}
    )
    select w.examined, w.examined_to, p.* from (select count(*)::int as examined, max(id)::text as examined_to from examined) w
    left join lateral (
      select ${store.selection} from ${sql(store.table)} m
      where m.federation_id = ${ws.federationId} and m.id in (select id from examined where hit order by id limit ${limit + 1})
    ) p on true
    order by p.id`;
}

/**
 * A search query's rows without its bookkeeping, and where the next page starts if the cap
 * stopped it; the rows of a query that is no search pass through.
 */
export function searchRows<Row>(found: Record<string, unknown>[]): { rows: Row[]; examinedTo?: string[] } {
  const first = found[0] as Partial<Examined> | undefined;
  // Not a search: the query's own array, so that the page empties it (paging.ts `release`).
  if (first?.examined === undefined) return { rows: found as Row[] };
  const rows = found.filter((r) => r.id !== null).map(({ examined: _, examined_to: __, ...row }) => row as Row);
  release(found);
  return first.examined >= searchScan && first.examined_to ? { rows, examinedTo: [first.examined_to] } : { rows };
}

/** A LIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export const likePattern = (text: string): string => '%' + text.replace(/[\\%_]/g, (c) => '\\' + c) + '%';

/** `column = value` when the filter is set. */
export function equals(ctx: { db: ReadContext['db'] }, column: string, value: string | undefined): Fragment | undefined {
  return value === undefined ? undefined : ctx.db`${ctx.db(column)} = ${value}`;
}

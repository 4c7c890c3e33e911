// The common shape of a list: the store's visibility rule, the operation's filters, keyset
// paging by id and `updated_since`. A list with another order writes its own SQL.
import type { Fragment } from 'postgres';
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
  /** Plan the statement for this request's values (`plannedPerRun`): a filter whose selectivity depends on its value is set. */
  plannedPerRun?: boolean;
}

export async function listById<Row extends Versioned>(ctx: ReadContext<unknown, ListQuery>, spec: ListSpec<Row>): Promise<Reply> {
  const { db: sql, query } = ctx;
  const after = afterCursor(ctx, query)?.[0];
  const conditions = [
    spec.store.visible(sql, ctx.workspace),
    ...(spec.filters ?? []),
    query.updated_since ? sql`updated_at >= ${query.updated_since}::timestamptz` : undefined,
    after ? sql`id > ${after}` : undefined,
  ].filter((c): c is Fragment => c !== undefined);
  const where = conditions.reduce((all, c) => sql`${all} and ${c}`);
  const statement = sql<Row[]>`
    select ${spec.store.selection} from ${sql(spec.store.table)}
    where ${where} order by ${spec.orderBefore ? sql`${spec.orderBefore}, ` : nothing}id limit ${query.limit + 1}`;
  const rows = await (spec.plannedPerRun ? plannedPerRun(statement) : statement);
  const shown = spec.expand ? await spec.expand(rows.slice(0, query.limit)) : rows;
  const reply = page(ctx, query, [...shown, ...rows.slice(query.limit)] as Row[], (r) => [r.id], spec.shape as (r: Row) => unknown);
  release(rows);
  return reply;
}

/** A LIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export const likePattern = (text: string): string => '%' + text.replace(/[\\%_]/g, (c) => '\\' + c) + '%';

/** `column = value` when the filter is set. */
export function equals(ctx: { db: ReadContext['db'] }, column: string, value: string | undefined): Fragment | undefined {
  return value === undefined ? undefined : ctx.db`${ctx.db(column)} = ${value}`;
}

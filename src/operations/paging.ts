import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors.js';
import type { Reply } from './operation.js';
import { isId } from '../ids.js';
import { isInstant } from './schemas.js';
import { cursorSigner, type CursorSigner } from './cursors.js';

export { cursorSigner, type CursorSigner };

/** A keyset position: the ordering columns of the last row of a page, as strings. */
type Keyset = string[];

interface ListQuery { limit: number; cursor?: string; [filter: string]: unknown }

/** What a list needs of its read context to sign and check its cursors. */
export interface ListContext {
  operationId: string;
  workspace: { id: string };
  cursors: CursorSigner;
}

// The tag binds the workspace, the operation, its filters and the position, so a cursor cannot be
// replayed by another workspace, against another list or filter set, or carry a position it was not given.
function tag(ctx: ListContext, query: ListQuery, keys: unknown[]): Buffer {
  const filters = Object.entries(query).filter(([k]) => k !== 'cursor' && k !== 'limit').sort(([a], [b]) => a.localeCompare(b));
  return ctx.cursors.tag([ctx.workspace.id, ctx.operationId, filters, keys]);
}

/** What each ordering column of a keyset holds; checked again although the tag already vouches for it. */
type KeyKind = 'id' | 'instant';
const fits: Record<KeyKind, (key: string) => boolean> = { id: isId, instant: isInstant };

function authentic(ctx: ListContext, query: ListQuery, cursor: string, kinds: KeyKind[]): Keyset | undefined {
  const [sent, ...keys] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
  if (typeof sent !== 'string') return undefined;
  const expected = tag(ctx, query, keys);
  const given = Buffer.from(sent, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (keys.length !== kinds.length || !keys.every((key, i) => typeof key === 'string' && fits[kinds[i]!](key))) return undefined;
  return keys as Keyset;
}

/** The position after which the requested page starts, or undefined for the first page. */
export function afterCursor(ctx: ListContext, query: ListQuery, kinds: KeyKind[] = ['id']): Keyset | undefined {
  if (query.cursor === undefined) return undefined;
  let keys: Keyset | undefined;
  try {
    keys = authentic(ctx, query, query.cursor, kinds);
  } catch {
    // not even JSON: not ours
  }
  if (keys) return keys;
  throw new ApiError('invalid_cursor', 'the cursor does not belong to this workspace, list and filter set');
}

/**
 * Shapes `rows` (fetched with `limit + 1` so a further page can be told apart) into the list
 * envelope, with a cursor after the last row shown. A search that stopped examining rows before
 * it filled the page passes `examinedTo`: the page ends short and the cursor continues after it.
 * `rows` is emptied once shaped (`release`).
 */
export function page<T>(ctx: ListContext, query: ListQuery, rows: T[], keyOf: (row: T) => Keyset, shape: (row: T) => unknown = (r) => r,
  examinedTo?: Keyset): Reply {
  const shown = rows.slice(0, query.limit);
  const last = shown[shown.length - 1];
  const keys = rows.length > query.limit && last !== undefined ? keyOf(last) : examinedTo;
  const next = keys ? Buffer.from(JSON.stringify([tag(ctx, query, keys).toString('base64url'), ...keys])).toString('base64url') : null;
  const data = shown.map(shape);
  release(rows);
  return { data, meta: { next_cursor: next } };
}

/**
 * Empties an array of rows the page has shaped. A postgres.js query assigns two arrow functions to
 * its own properties in its constructor, and V8 allocates a function literal assigned to a
 * property in the old generation. Dead, they still keep the constructor's context, so the query
 * and the rows it answered, alive through every young collection until a full one: each members
 * page moved ~25 KB into the old generation, which drove the full collections. Emptied, the array
 * keeps nothing; the page's rows die young with its answer.
 */
export function release(rows: unknown[]): void {
  rows.length = 0;
}

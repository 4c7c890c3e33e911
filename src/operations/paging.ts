import { createHash } from 'node:crypto';
import { ApiError } from '../errors.js';
import type { Reply } from './operation.js';
import { isId } from '../ids.js';
import { isInstant } from './schemas.js';

/** A keyset position: the ordering columns of the last row of a page, as strings. */
export type Keyset = string[];

interface ListQuery { limit: number; cursor?: string; [filter: string]: unknown }

// A cursor binds the operation and its filters, so it cannot be replayed against another list.
function binding(operationId: string, query: ListQuery): string {
  const filters = Object.entries(query).filter(([k]) => k !== 'cursor' && k !== 'limit').sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify([operationId, filters])).digest('base64url').slice(0, 16);
}

/** What each ordering column of a keyset holds; a forged cursor must not reach SQL as a bad cast. */
export type KeyKind = 'id' | 'instant';
const fits: Record<KeyKind, (key: string) => boolean> = { id: isId, instant: isInstant };

/** The position after which the requested page starts, or undefined for the first page. */
export function afterCursor(operationId: string, query: ListQuery, kinds: KeyKind[] = ['id']): Keyset | undefined {
  if (query.cursor === undefined) return undefined;
  try {
    const [bound, ...keys] = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8')) as unknown[];
    if (bound === binding(operationId, query) && keys.length === kinds.length
      && keys.every((key, i) => typeof key === 'string' && fits[kinds[i]!](key))) {
      return keys as Keyset;
    }
  } catch {
    // fall through: not ours
  }
  throw new ApiError('invalid_cursor', 'the cursor does not belong to this list and filter set');
}

/**
 * Shapes `rows` (fetched with `limit + 1` so a further page can be told apart) into the list
 * envelope, with a cursor after the last row shown.
 */
export function page<T>(operationId: string, query: ListQuery, rows: T[], keyOf: (row: T) => Keyset, shape: (row: T) => unknown = (r) => r): Reply {
  const shown = rows.slice(0, query.limit);
  const last = shown[shown.length - 1];
  const next = rows.length > query.limit && last !== undefined
    ? Buffer.from(JSON.stringify([binding(operationId, query), ...keyOf(last)])).toString('base64url')
    : null;
  return { data: shown.map(shape), meta: { next_cursor: next } };
}

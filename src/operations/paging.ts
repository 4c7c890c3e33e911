import { createHash } from 'node:crypto';
import { ApiError } from '../http/errors.js';
import type { Reply } from '../http/operation.js';
import { isInstant } from './schemas.js';

/** A keyset position: the ordering columns of the last row of a page, as strings. */
export type Keyset = string[];

interface ListQuery { limit: number; cursor?: string; [filter: string]: unknown }

// A cursor binds the operation and its filters, so it cannot be replayed against another list.
function binding(operationId: string, query: ListQuery): string {
  const filters = Object.entries(query).filter(([k]) => k !== 'cursor' && k !== 'limit').sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify([operationId, filters])).digest('base64url').slice(0, 16);
}

// Positions are ids or instants; anything else was not written by `page`.
const isKey = (key: unknown): key is string => typeof key === 'string' && (/^[1-9][0-9]{0,18}$/.test(key) || isInstant(key));

/** The position after which the requested page starts, or undefined for the first page. */
export function afterCursor(operationId: string, query: ListQuery, width = 1): Keyset | undefined {
  if (query.cursor === undefined) return undefined;
  try {
    const [bound, ...keys] = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8')) as unknown[];
    if (bound === binding(operationId, query) && keys.length === width && keys.every(isKey)) {
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

import { ApiError } from '../errors.js';
import { conflicts } from './conflicts.js';

const unreachable = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE',
  'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED',
  '57P01', '57P02', '57P03', '53300',
]);


/**
 * The one place a database error becomes a catalog error. Raw messages never leave here:
 * they name tables and values of other workspaces.
 */
export function fromDatabaseError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  const { code, constraint_name: constraint } = (error ?? {}) as { code?: string; constraint_name?: string };
  if (!code) return undefined;
  if (unreachable.has(code) || code.startsWith('08')) {
    return new ApiError('service_unavailable', 'the database is unavailable, retry shortly', { headers: { 'retry-after': '1' } });
  }
  if (code === '23505') {
    return new ApiError('conflict', (constraint && conflicts[constraint]) || 'a resource with these values already exists');
  }
  return undefined;
}

import type { Sql } from 'postgres';
import { poolLike } from '../db/driver.js';

/**
 * The worker's own few connections, with the service pool's settings: deliveries never wait for a
 * request's connection, nor a request for theirs. Its statements are short (claims, records,
 * the feed read); no transaction is held while an endpoint answers.
 */
export function workerPool(sql: Sql, max: number): Sql {
  return poolLike(sql, { max });
}

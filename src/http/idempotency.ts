// Idempotency-Key (conventions.md, Idempotency): the header, the request's fingerprint and which
// answers are kept. The claims and stored answers are src/resources/idempotency-keys.ts.
import { createHash } from 'node:crypto';
import { ApiError } from '../errors.js';

const keyPattern = /^[\x21-\x7e]{1,255}$/;

export function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !keyPattern.test(header)) {
    throw new ApiError('invalid_request', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  return header;
}

export function fingerprint(method: string, target: string, body: Buffer): string {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return createHash('sha256').update(`${method}\n${target}\n${bodyHash}`).digest('hex');
}

/** Whether a response may be replayed: 401, 429 and 5xx are left for the client to retry. */
export function storable(status: number): boolean {
  return status !== 401 && status !== 429 && status < 500;
}

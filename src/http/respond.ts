import type { RateState } from '../auth/usage.js';
import { ApiError, problem } from '../errors.js';

/** A response as plain data: the pipeline returns it, the server writes it. */
export interface Outgoing {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function json(status: number, payload: unknown, headers: Record<string, string> = {}): Outgoing {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  };
}

export function envelope(status: number, data: unknown, meta?: Record<string, unknown>, headers: Record<string, string> = {}): Outgoing {
  return json(status, meta ? { data, meta } : { data }, headers);
}

export function errorResponse(error: ApiError, requestId: string): Outgoing {
  return {
    status: error.status,
    headers: { 'content-type': 'application/problem+json', ...error.extras.headers },
    body: JSON.stringify(problem(error, requestId)),
  };
}

/** The rate-limit headers of every authenticated response, under both names of the contract. */
export function addRateHeaders(headers: Record<string, string>, rate: RateState): void {
  headers['x-ratelimit-limit'] = headers['ratelimit-limit'] = String(rate.limit);
  headers['x-ratelimit-remaining'] = headers['ratelimit-remaining'] = String(rate.remaining);
  headers['x-ratelimit-reset'] = headers['ratelimit-reset'] = String(rate.reset);
}

const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdFor(sent: string | string[] | undefined, generate: () => string): string {
  return typeof sent === 'string' && requestIdPattern.test(sent) ? sent : generate();
}

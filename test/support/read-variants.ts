// The read variants of a GET operation, derived from its declaration: for a list, a page reached
// through `next_cursor` and one request per documented query filter (with a value the service
// accepts: the first candidate that answers 200 wins), for a lookup the lookup. The volume bench
// times them (test/bench/volume.ts); the Citus walk routes them (test/citus/routing-walk.test.ts).
// How a request goes out is the caller's: `send` signs and sends it.
import { pathNames } from '../../src/openapi/parameters.js';
import type { Operation } from '../../src/operations/operation.js';
import type { SigningKey } from '../../src/signing/client.js';
import type { Service } from './harness.js';
import { successScenario } from './scenarios.js';

export interface Req { method: string; path: string; body?: unknown; key: SigningKey }
export type Send = (r: Req) => Promise<{ status: number; json: any }>;

/** A request to send, or why there is none; `filter` names the query filter a variant is for. */
export type ReadVariant = ({ req: Req } | { skip: string }) & { variant: string; filter?: string };

/** Unwraps optional/pipe layers to the object entries of a query schema. */
function entries(schema: unknown): Record<string, unknown> {
  let s = schema as any;
  for (let i = 0; i < 6 && s && !s.entries; i++) s = s.wrapped ?? s.pipe?.[0];
  return (s?.entries ?? {}) as Record<string, unknown>;
}

/** The options of a picklist somewhere inside a filter's schema. */
function options(schema: unknown): string[] | undefined {
  let s = schema as any;
  for (let i = 0; i < 6 && s; i++) {
    if (Array.isArray(s.options)) return s.options.filter((o: unknown) => typeof o === 'string');
    s = s.wrapped ?? s.pipe?.[0] ?? s.item;
  }
  return undefined;
}

/** A list's documented query filters: its query parameters but the paging ones. */
export const filtersOf = (op: Operation): [string, unknown][] =>
  Object.entries(entries(op.query)).filter(([name]) => name !== 'limit' && name !== 'cursor');

/** Values to try for a filter, first that answers 2xx wins. */
function candidates(name: string, schema: unknown, ids: Record<string, string | undefined>): string[] {
  const picks = options(schema);
  if (picks) return picks.slice(0, 2);
  if (ids[name]) return [ids[name]!];
  switch (name) {
    case 'updated_since': return ['2026-01-01T00:00:00Z'];
    case 'q': return ['last12'];
    case 'external_ref': return ['ext-12'];
    case 'number': return ['2026-000001'];
    case 'from': return ['2026-03-01', '2026-03-01T00:00:00Z'];
    case 'to': return ['2026-06-30', '2026-06-30T00:00:00Z'];
    case 'round': return ['3'];
    case 'after': return ['0'];
    default: return [];
  }
}

/**
 * The variants of the list at `path` (its path ids filled in) as `key`'s caller: the first page,
 * the page up to `pages` hops along `next_cursor` reach at `limit` rows, then each filter; `ids` gives id filters a value.
 */
export async function listVariants(send: Send, op: Operation, path: string, key: SigningKey, ids: Record<string, string | undefined>, paging: { limit: number; pages: number }): Promise<ReadVariant[]> {
  const first = `${path}?limit=${paging.limit}`;
  const out: ReadVariant[] = [{ variant: 'first page', req: { method: 'GET', path: first, key } }];
  let url = first;
  let hops = 0;
  for (; hops < paging.pages; hops++) {
    const cursor: string | undefined = (await send({ method: 'GET', path: url, key })).json?.meta?.next_cursor ?? undefined;
    if (!cursor) break;
    url = `${first}&cursor=${encodeURIComponent(cursor)}`;
  }
  if (hops === 0) out.push({ variant: 'next page', skip: 'a single page only' });
  else out.push({ variant: hops === 1 ? 'second page' : `deep page (${hops + 1}${['th', 'st', 'nd', 'rd'][hops + 1] ?? 'th'})`, req: { method: 'GET', path: url, key } });
  for (const [name, schema] of filtersOf(op)) {
    let found: Req | undefined;
    let last = '';
    for (const value of candidates(name, schema, ids)) {
      const req = { method: 'GET', path: `${first}&${name}=${encodeURIComponent(value)}`, key };
      const r = await send(req);
      if (r.status === 200) { found = req; last = value; break; }
      last = `${value} → ${r.status}`;
    }
    if (found) out.push({ variant: `${name}=${last}`, filter: name, req: found });
    else out.push({ variant: `filter ${name}`, filter: name, skip: last ? `no accepted value (${last})` : 'no value to try' });
  }
  return out;
}

/**
 * The read variants of one GET operation as the caller holding `key`, its path ids from `ids`
 * (25 rows a page, the 5th page); without a row for a path id, the lookup of a fresh tenant's row.
 */
export async function readVariants(send: Send, op: Operation, key: SigningKey, ids: Record<string, string | undefined>, svc: Service): Promise<ReadVariant[]> {
  const names = pathNames(op.path);
  if (names.some((n) => !ids[n])) {
    // No seeded row of that kind (activities, officials...): a fresh tenant's, made by the factories.
    const s = await successScenario(svc, op);
    return [{ variant: 'lookup (fresh tenant: no seeded row)', req: { method: 'GET', path: s.path, key: s.as.key } }];
  }
  const path = op.path.replace(/\{([a-z_]+)\}/g, (_, n: string) => ids[n]!);
  if (!op.list) return [{ variant: names.length ? 'lookup (seeded)' : 'get', req: { method: 'GET', path, key } }];
  return listVariants(send, op, path, key, ids, { limit: 25, pages: 4 });
}

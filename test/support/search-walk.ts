// What the searches of members and persons share in their tests: a search page examines at most
// `searchScan` rows, so it may come back short (even empty) with `next_cursor` set, and a walk
// of every page finds each match exactly once (conventions.md, Paging).
import type { Test } from 'tap';
import { searchScan } from '../../src/operations/listing.js';
import type { Tenant } from './factories.js';
import { walkPages } from './pages.js';

/**
 * Walks `path` (a search over rows made First1 Last1 … FirstN LastN in id order) and checks the
 * pages against `expected`, the matching ids in id order as Postgres finds them.
 */
async function checkSearchWalk(t: Test, tenant: Tenant, path: string, expected: string[], startsShort: boolean): Promise<void> {
  const walked = await walkPages(tenant, path);
  t.same(walked.ids, expected, `${path}: every match once, in id order (${expected.length} in ${walked.pages} pages)`);
  t.equal(new Set(walked.ids).size, walked.ids.length, 'no duplicates');
  const first = await tenant.call('GET', path);
  const limit = Number(new URL(path, 'http://x').searchParams.get('limit') ?? 25);
  if (startsShort) {
    t.ok(first.body.data.length < limit, `the first page is short: ${first.body.data.length} of ${limit}, ${searchScan} rows examined`);
    t.type(first.body.meta.next_cursor, 'string', 'and next_cursor is still set');
  }
}

/** A cursor the service never handed out: the position changed, the tag kept. */
function forged(cursor: string, position: string): string {
  const [tag] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as string[];
  return Buffer.from(JSON.stringify([tag, position])).toString('base64url');
}

/** A forged, a garbled and another search's cursor are each 400 invalid_cursor. */
async function checkBadCursors(t: Test, tenant: Tenant, path: string, otherPath: string): Promise<void> {
  const cursor = (await tenant.call('GET', path)).body.meta.next_cursor as string;
  const other = (await tenant.call('GET', otherPath)).body.meta.next_cursor as string;
  t.type(cursor, 'string');
  const sep = path.includes('?') ? '&' : '?';
  for (const [label, bad] of [['forged position', forged(cursor, '1')], ['garbled', cursor.slice(0, -3) + 'xyz'], ['not base64 JSON', 'garbage'],
    ['another search\'s cursor', other]] as const) {
    const res = await tenant.call('GET', `${path}${sep}cursor=${encodeURIComponent(bad)}`);
    t.equal(res.status, 400, label);
    t.equal(res.body.code, 'invalid_cursor', label);
  }
}

/**
 * The three claims for a list's search at `path` (`/v1/…`), over rows First1 Last1 … First2500
 * Last2500 in id order; `matches(q)` asks Postgres for the matching ids.
 */
export function searchTests(t: Test, tenant: Tenant, path: string, matches: (q: string) => Promise<string[]>): void {
  t.test('a rare match: short pages with a cursor, then every match once', async (t) => {
    // last25: Last25 and Last250-259 among the first 1 000 rows; none in the next 1 000; Last2500.
    await checkSearchWalk(t, tenant, `${path}?q=last25&limit=25`, await matches('last25'), true);
  });
  t.test('a frequent match, another case: full pages, every match once', async (t) => {
    await checkSearchWalk(t, tenant, `${path}?q=LAST1&limit=100`, await matches('last1'), false);
  });
  t.test('a forged, garbled or foreign cursor is 400 invalid_cursor', async (t) => {
    await checkBadCursors(t, tenant, `${path}?q=last25&limit=25`, `${path}?q=last2&limit=25`);
  });
}

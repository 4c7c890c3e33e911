import type { Test } from 'tap';
import type { Tenant } from './factories.js';

/** Follows `meta.next_cursor` from the first page to the last; every page must be a 200. */
export async function walkPages(t: Test, tenant: Tenant, path: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const res: any = await tenant.call('GET', cursor ? `${path}${separator}cursor=${cursor}` : path);
    t.equal(res.status, 200);
    ids.push(...res.body.data.map((row: { id: string }) => row.id));
    cursor = res.body.meta.next_cursor;
    pages++;
  } while (cursor);
  return { ids, pages };
}

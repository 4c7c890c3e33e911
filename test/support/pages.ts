import type { Tenant } from './factories.js';

export interface Walked<T> {
  rows: T[];
  ids: string[];
  /** How many pages it took; each page held at most the list's limit. */
  pages: number;
}

/** Follows `meta.next_cursor` from the first page to the last; a page that is not a 200 throws. */
export async function walkPages<T extends { id: string } = any>(tenant: Tenant, path: string): Promise<Walked<T>> {
  const rows: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const res: any = await tenant.call('GET', cursor ? `${path}${separator}cursor=${cursor}` : path);
    if (res.status !== 200) throw new Error(`page ${pages + 1} of ${path} answered ${res.status} ${res.body?.code ?? ''}`);
    rows.push(...res.body.data);
    cursor = res.body.meta.next_cursor;
    pages++;
  } while (cursor);
  return { rows, ids: rows.map((r) => r.id), pages };
}

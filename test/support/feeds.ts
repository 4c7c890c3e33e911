import type { Tenant } from './factories.js';

export type FeedRow = [resourceType: string, resourceId: string, action: string, version: number | null];

/** The tenant's change feed as `[type, id, action, version]`, oldest first, from `after` on. */
export async function feedOf(tenant: Tenant, after?: string): Promise<FeedRow[]> {
  const rows: FeedRow[] = [];
  let cursor: string | null = null;
  do {
    const query = cursor ? `cursor=${cursor}` : `limit=100${after ? `&after=${after}` : ''}`;
    const res: any = await tenant.call('GET', `/v1/${tenant.kind}/changes?${query}`);
    if (res.status !== 200) throw new Error(`the feed answered ${res.status}`);
    rows.push(...res.body.data.map((c: any) => [c.resource_type, c.resource_id, c.action, c.version] as FeedRow));
    cursor = res.body.meta.next_cursor;
  } while (cursor);
  return rows;
}

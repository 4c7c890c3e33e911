import type { Tenant } from './factories.js';
import { walkPages } from './pages.js';

export type FeedRow = [resourceType: string, resourceId: string, action: string, version: number | null];

/** The tenant's change feed as `[type, id, action, version]`, oldest first, after change `after`. */
export async function feedOf(tenant: Tenant, after?: string): Promise<FeedRow[]> {
  const { rows } = await walkPages<any>(tenant, `/v1/${tenant.kind}/changes?limit=100${after ? `&after=${after}` : ''}`);
  return rows.map((c) => [c.resource_type, c.resource_id, c.action, c.version]);
}

import type { ResourceType } from '../../../src/resources/unit.js';
import type { Service } from '../harness.js';
import type { Tenant } from './workspaces.js';

/**
 * What one area of factories gives the two table walks: a row of each of its stateful resources in
 * any state of its machine, visible to `actor` (test/resources/machines.test.ts), and for each of
 * its path parameters an id of a row `owner` holds (test/http/security.test.ts).
 */
export interface Area {
  inState: Partial<Record<ResourceType, (service: Service, actor: Tenant, state: string, action?: string) => Promise<string>>>;
  ownedIds: Record<string, (service: Service, owner: Tenant) => Promise<string>>;
}

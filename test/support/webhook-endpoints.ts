// Endpoints for the delivery tests, added the way `webhook add` adds them, with loopback allowed.
import { parseRanges } from '../../src/webhooks/addresses.js';
import type { Managed } from '../../src/webhooks/operators.js';
import { addEndpoint, type RegistryPolicy } from '../../src/webhooks/registry.js';
import type { Tenant } from './factories.js';
import type { Service } from './harness.js';

export const loopback = parseRanges(['127.0.0.0/8', '::1/128']);

export const testPolicy: RegistryPolicy = { allowHttp: true, allowed: loopback, endpointsMax: 10 };

/** The workspace a tenant's owner manages. */
export const managed = (tenant: Pick<Tenant, 'id' | 'federationId'>): Managed => ({ workspaceId: tenant.id, federationId: tenant.federationId });

export const addTestEndpoint = (service: Pick<Service, 'sql' | 'masterKey'>, tenant: Pick<Tenant, 'id' | 'federationId'>, url: string, events?: string[], policy = testPolicy) =>
  addEndpoint(service.sql, service.masterKey, policy, managed(tenant), { url, events });

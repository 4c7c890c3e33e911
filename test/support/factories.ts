// Fresh workspaces per test, so files run in parallel without cleaning tables.
import { randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';
import { grantableScopes, type Scope } from '../../src/auth/scopes.js';
import { issueCredential } from '../../src/console/credentials.js';
import { createOperator, createWorkspace } from '../../src/console/workspaces.js';
import type { SigningKey } from '../../src/signing/client.js';
import { request, type RequestOptions, type Response, type Service } from './harness.js';

export interface Tenant {
  id: string;
  kind: 'club' | 'federation';
  federationId: string;
  operatorId: string;
  keyId: string;
  key: SigningKey;
  /** A signed request as this tenant's credential. */
  call<T = any>(method: string, path: string, body?: unknown, options?: Omit<RequestOptions, 'key' | 'body'>): Promise<Response<T>>;
}

const tag = () => randomBytes(4).toString('hex');

async function tenant(service: Service, workspace: { id: string; kind: 'club' | 'federation' }, federationId: string, scopes?: Scope[], rateLimit?: number): Promise<Tenant> {
  const operator = await createOperator(service.sql, { workspaceId: workspace.id, email: `owner-${tag()}@example.org`, isOwner: true });
  const issued = await issueCredential(service.sql, service.masterKey, {
    workspaceId: workspace.id, issuerId: operator.id, label: 'test', algorithm: 'hmac-sha256',
    scopes: scopes ?? grantableScopes(workspace.kind), rateLimit,
  });
  const key: SigningKey = { keyId: issued.key_id, algorithm: 'hmac-sha256', secret: issued.secret! };
  return {
    id: workspace.id, kind: workspace.kind, federationId, operatorId: operator.id, keyId: issued.key_id, key,
    call: (method, path, body, options = {}) => request(service.url, method, path, { ...options, body, key }),
  };
}

export async function createFederation(service: Service, options: { scopes?: Scope[]; rateLimit?: number } = {}): Promise<Tenant> {
  const ws = await createWorkspace(service.sql, { kind: 'federation', name: `Federation ${tag()}`, shortName: 'FED', country: 'NL' });
  return tenant(service, { id: ws.id, kind: 'federation' }, ws.id, options.scopes, options.rateLimit);
}

export async function createClub(service: Service, federation?: Tenant, options: { scopes?: Scope[]; rateLimit?: number } = {}): Promise<Tenant> {
  const fed = federation ?? (await createFederation(service));
  const ws = await createWorkspace(service.sql, { kind: 'club', name: `Club ${tag()}`, federationId: fed.id, country: 'NL' });
  return tenant(service, { id: ws.id, kind: 'club' }, fed.id, options.scopes, options.rateLimit);
}

/** An open season (or another status) of the federation, directly in the database. */
export async function createSeason(sql: Sql, federationId: string, status: 'planned' | 'open' | 'closed' = 'open', year = 2000 + Math.floor(Math.random() * 90)): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into seasons (federation_id, name, starts_on, ends_on, status)
    values (${federationId}, ${`Season ${year}`}, ${`${year}-01-01`}, ${`${year}-12-31`}, ${status}) returning id`;
  return row!.id;
}

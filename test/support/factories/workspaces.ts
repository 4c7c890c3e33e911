// Workspaces with credentials, clubs without, and what the console sets on them.
import { randomBytes } from 'node:crypto';
import { grantableScopes, type Scope } from '../../../src/auth/scopes.js';
import { issueCredential } from '../../../src/console/credentials.js';
import { createOperator, createWorkspace } from '../../../src/console/workspaces.js';
import type { SigningKey } from '../../../src/signing/client.js';
import { checkResponse, request, type RequestOptions, type Response, type Service } from '../harness.js';
import type { Area } from './area.js';

export interface Tenant {
  id: string;
  kind: 'club' | 'federation';
  federationId: string;
  operatorId: string;
  keyId: string;
  key: SigningKey;
  /** A signed request as this tenant's credential; a 2xx answer is checked against the operation's schema. */
  call<T = any>(method: string, path: string, body?: unknown, options?: Omit<RequestOptions, 'key' | 'body'>): Promise<Response<T>>;
}

export const tag = () => randomBytes(4).toString('hex');

async function tenant(service: Service, workspace: { id: string; kind: 'club' | 'federation' }, federationId: string, scopes?: Scope[], rateLimit?: number): Promise<Tenant> {
  const operator = await createOperator(service.sql, { workspaceId: workspace.id, email: `owner-${tag()}@example.org`, isOwner: true });
  const issued = await issueCredential(service.sql, service.masterKey, {
    workspaceId: workspace.id, issuerId: operator.id, label: 'test', algorithm: 'hmac-sha256',
    scopes: scopes ?? grantableScopes(workspace.kind), rateLimit,
  });
  const key: SigningKey = { keyId: issued.key_id, algorithm: 'hmac-sha256', secret: issued.secret! };
  return {
    id: workspace.id, kind: workspace.kind, federationId, operatorId: operator.id, keyId: issued.key_id, key,
    async call(method, path, body, options = {}) {
      const res = await request(service.url, method, path, { ...options, body, key });
      checkResponse(service.router, workspace.kind, method, path, res);
      return res;
    },
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

/** A second credential of the tenant's workspace (its own operator and key). */
export const anotherCredential = (service: Service, of: Tenant, options: { rateLimit?: number } = {}): Promise<Tenant> =>
  tenant(service, { id: of.id, kind: of.kind }, of.federationId, undefined, options.rateLimit);

/** Another club of the federation, with a credential of its own. */
export const newClub = (service: Service, federationId: string): Promise<Tenant> =>
  createClub(service, { id: federationId } as Tenant);

/** A club of the federation without a credential of its own (a party the test does not call as). */
export async function createClubWorkspace(service: Service, federationId: string, status: 'active' | 'suspended' = 'active'): Promise<string> {
  const ws = await createWorkspace(service.sql, { kind: 'club', name: `Club ${tag()}`, federationId, country: 'NL' });
  if (status !== 'active') await service.sql`update workspaces set status = ${status}, suspend_reason = 'test' where id = ${ws.id}`;
  return ws.id;
}

/** A club for a federation actor; the club itself for a club actor. */
export const clubOf = (service: Service, actor: Tenant): Promise<string> =>
  actor.kind === 'club' ? Promise.resolve(actor.id) : createClubWorkspace(service, actor.id);

/** A club tenant for a federation actor (a new club of it); the club itself for a club actor. */
export const clubTenantOf = async (service: Service, actor: Tenant): Promise<Tenant> =>
  actor.kind === 'club' ? actor : newClub(service, actor.id);

export async function setClubStatus(service: Service, clubId: string, status: 'active' | 'suspended'): Promise<void> {
  await service.sql`update workspaces set status = ${status} where id = ${clubId}`;
}

/** What the console's commercial side sets on a workspace: none of it may change a grant. */
export interface Commercials { package: string | null; subscription_status: string; modules: string[]; flags: Record<string, string>; status?: 'active' | 'suspended' }

export async function setCommercials(service: Service, workspaceId: string, c: Commercials): Promise<void> {
  const { sql } = service;
  await sql`update workspaces set package = ${c.package}, subscription_status = ${c.subscription_status}, modules = ${c.modules},
    flags = ${sql.json(c.flags)}, status = ${c.status ?? 'active'} where id = ${workspaceId}`;
}

/** A second credential of `keyId`'s workspace under a key id the test chose, with the same sealed secret. */
export async function copyCredential(service: Pick<Service, 'sql'>, keyId: string, chosenKeyId: string, label: string): Promise<void> {
  await service.sql`
    with copied as (
      insert into credentials (federation_id, key_id, workspace_id, issuer_id, label, algorithm, scopes, secret_sealed)
      select federation_id, ${chosenKeyId}, workspace_id, issuer_id, ${label}, algorithm, scopes, secret_sealed
      from credentials where key_id = ${keyId} returning key_id)
    select pg_notify('credentials_changed', key_id) from copied`;
}

/** A credential whose expiry has just passed. */
export async function expireCredential(service: Service, keyId: string): Promise<void> {
  await service.sql`
    with expired as (update credentials set expires_at = now() - interval '1 second' where key_id = ${keyId} returning key_id)
    select pg_notify('credentials_changed', key_id) from expired`;
}

/** An Idempotency-Key record made `hours` ago. */
export async function ageIdempotencyKey(service: Service, key: string, hours: number): Promise<void> {
  await service.sql`update idempotency_keys set created_at = now() - make_interval(hours => ${hours}) where key = ${key}`;
}

/** Moves rows' `updated_at` into the past, for `updated_since` filters. */
export async function backdate(service: Service, table: 'members' | 'teams' | 'activities' | 'competitions' | 'entries' | 'matches' | 'officials' | 'sanctions', ids: string[], at: string): Promise<void> {
  await service.sql`update ${service.sql(table)} set updated_at = ${at} where id in ${service.sql(ids)}`;
}

export const workspaces: Area = {
  inState: {
    club: (service, federation, state) => createClubWorkspace(service, federation.id, state as 'active' | 'suspended'),
  },
  ownedIds: {
    club_id: (service, owner) => clubOf(service, owner),
  },
};

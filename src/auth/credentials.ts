import { createPublicKey, type KeyObject } from 'node:crypto';
import type { Sql } from 'postgres';
import type { Workspace, WorkspaceKind } from '../workspace.js';
import type { Scope } from './scopes.js';
import { open } from './secret-box.js';

export type Algorithm = 'hmac-sha256' | 'rsa2';

/** What the pipeline needs of a credential to authenticate and authorize a request. */
export interface Credential {
  id: string;
  keyId: string;
  label: string;
  algorithm: Algorithm;
  kind: 'live' | 'legacy' | 'mock';
  scopes: Set<Scope>;
  status: 'active' | 'revoked';
  expiresAt: Date | null;
  rateLimit: number | null;
  workspace: Workspace & { name: string };
  key: { algorithm: 'hmac-sha256'; secret: string } | { algorithm: 'rsa2'; publicKey: KeyObject };
}

/** What a handler may know of the calling credential: everything but its key material. */
export type Caller = Omit<Credential, 'key'>;

export function callerOf({ key: _key, ...caller }: Credential): Caller {
  return caller;
}

export interface CredentialStore {
  get(keyId: string): Promise<Credential | undefined>;
  close(): Promise<void>;
}

interface Row {
  id: string; key_id: string; label: string; algorithm: Algorithm; kind: Credential['kind'];
  scopes: Scope[]; status: Credential['status']; expires_at: Date | null; rate_limit: number | null;
  secret_sealed: Buffer | null; public_key: string | null;
  workspace_id: string; workspace_kind: WorkspaceKind; workspace_name: string; federation_id: string;
}

function toCredential(row: Row, masterKey: Buffer): Credential {
  return {
    id: row.id,
    keyId: row.key_id,
    label: row.label,
    algorithm: row.algorithm,
    kind: row.kind,
    scopes: new Set(row.scopes),
    status: row.status,
    expiresAt: row.expires_at,
    rateLimit: row.rate_limit,
    workspace: { id: row.workspace_id, kind: row.workspace_kind, name: row.workspace_name, federationId: row.federation_id },
    key: row.algorithm === 'hmac-sha256'
      ? { algorithm: 'hmac-sha256', secret: open(masterKey, row.secret_sealed!) }
      : { algorithm: 'rsa2', publicKey: createPublicKey(row.public_key!) },
  };
}

/**
 * Credentials cached per instance so that a request costs no lookup. Any change to a row is
 * announced on `credentials_changed` (a trigger) and evicts it everywhere at once; while the
 * listening connection is re-established the whole cache is dropped, so nothing stale survives.
 */
export async function createCredentialStore(sql: Sql, masterKey: Buffer): Promise<CredentialStore> {
  const cache = new Map<string, Credential>();
  // Bumped by every eviction: a row read before an eviction may be stale and is not cached.
  let generation = 0;
  const evict = (keyId?: string) => {
    generation++;
    if (keyId) cache.delete(keyId);
    else cache.clear();
  };
  const listener = await sql.listen('credentials_changed', (keyId) => evict(keyId), () => evict());
  return {
    async get(keyId) {
      const hit = cache.get(keyId);
      if (hit) return hit;
      const readAt = generation;
      const [row] = await sql<Row[]>`
        select c.id, c.key_id, c.label, c.algorithm, c.kind, c.scopes, c.status, c.expires_at, c.rate_limit,
               c.secret_sealed, c.public_key, w.id as workspace_id, w.kind as workspace_kind, w.name as workspace_name,
               coalesce(w.federation_id, w.id) as federation_id
        from credentials c join workspaces w on w.id = c.workspace_id
        where c.key_id = ${keyId}`;
      if (!row) return undefined;
      const credential = toCredential(row, masterKey);
      if (readAt === generation) cache.set(keyId, credential);
      return credential;
    },
    async close() {
      await listener.unlisten();
    },
  };
}

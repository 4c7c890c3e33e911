import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import type { LivePool } from '../db/renewal.js';
import type { Workspace, WorkspaceKind } from '../workspace.js';
import type { Scope } from './scopes.js';
import { createBatcher } from './batch.js';
import { subscribe } from '../db/listener.js';
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
  /**
   * The HMAC key (the bytes of the secret as shown, `sk_…`) or the RSA public key, made once per
   * credential. A KeyObject, not a Buffer: a cached Buffer of 43 bytes keeps the 8 KB slab of
   * Node's Buffer pool it was cut from alive, 42 MB for 5 600 credentials (measured).
   */
  key: { algorithm: 'hmac-sha256'; secret: KeyObject } | { algorithm: 'rsa2'; publicKey: KeyObject };
}

/** What a handler may know of the calling credential: everything but its key material. */
export type Caller = Omit<Credential, 'key'>;

const callers = new WeakMap<Credential, Caller>();

/** Made once per cached credential, not per request. */
export function callerOf(credential: Credential): Caller {
  let caller = callers.get(credential);
  if (!caller) {
    const { key: _key, ...rest } = credential;
    caller = rest;
    callers.set(credential, caller);
  }
  return caller;
}

export interface CredentialStore {
  get(keyId: string): Promise<Credential | undefined>;
  close(): Promise<void>;
}

interface CredentialRow {
  id: string; key_id: string; label: string; algorithm: Algorithm; kind: Credential['kind'];
  scopes: Scope[]; status: Credential['status']; expires_at: Date | null; rate_limit: number | null;
  secret_sealed: Buffer | null; public_key: string | null;
  workspace_id: string; workspace_kind: WorkspaceKind; workspace_name: string; federation_id: string;
}

function toCredential(row: CredentialRow, masterKey: Buffer): Credential {
  return {
    id: row.id,
    keyId: row.key_id,
    label: row.label,
    algorithm: row.algorithm,
    kind: row.kind,
    scopes: new Set([...row.scopes].sort()), // in order, as `GET /v1/me` lists them
    status: row.status,
    expiresAt: row.expires_at,
    rateLimit: row.rate_limit,
    workspace: { id: row.workspace_id, kind: row.workspace_kind, name: row.workspace_name, federationId: row.federation_id },
    key: row.algorithm === 'hmac-sha256'
      ? { algorithm: 'hmac-sha256', secret: createSecretKey(open(masterKey, row.secret_sealed!), 'utf8') }
      : { algorithm: 'rsa2', publicKey: createPublicKey(row.public_key!) },
  };
}

const negativeTtlMs = 30_000;
const negativeMax = 10_000;
/**
 * Credentials kept at once (about 3.4 KB each, its key included). An instance's memory does not
 * grow with the number of credentials issued: past the bound the one cached longest goes, and its
 * next request costs one lookup again.
 */
const cachedMax = 2_000;
const lookupBatch = { maxSize: 200, maxInFlight: 2 };

/**
 * Credentials cached per instance so that a request costs no lookup. Any change to a row,
 * issuance included, is announced on `credentials_changed` (by the statement that writes it:
 * src/console/credentials.ts) and evicts it everywhere at once; while the listening connection is re-established the whole cache is dropped, so
 * nothing stale survives. Key ids that name no credential are remembered for a short while,
 * and the lookups of concurrent misses share one statement, so a flood of made-up key ids
 * costs the database one query per batch at most, and none for a key id seen recently.
 */
export async function createCredentialStore(pool: LivePool, masterKey: Buffer, maxCached = cachedMax): Promise<CredentialStore> {
  /** Oldest first. */
  const cache = new Map<string, Credential>();
  /** Key id → until when (ms) it is known to name no credential. Oldest first. */
  const unknown = new Map<string, number>();
  /** Lookups under way. One that an eviction overtakes may have read the old row: it is not kept. */
  const inFlight = new Map<string, { answer: Promise<Credential | undefined>; stale: boolean }>();
  const evict = (keyId?: string) => {
    for (const [key, lookup] of inFlight) if (!keyId || key === keyId) lookup.stale = true;
    for (const map of [cache, unknown, inFlight]) {
      if (keyId) map.delete(keyId);
      else map.clear();
    }
  };
  const remember = (keyId: string, credential: Credential | undefined) => {
    if (credential) {
      if (cache.size >= maxCached) cache.delete(cache.keys().next().value!);
      return void cache.set(keyId, credential);
    }
    unknown.delete(keyId); // re-inserted last: the map stays oldest first
    if (unknown.size >= negativeMax) unknown.delete(unknown.keys().next().value!);
    unknown.set(keyId, Date.now() + negativeTtlMs);
  };
  const rows = createBatcher<string, CredentialRow | undefined>(async (keyIds) => {
    const found = await pool.current<CredentialRow[]>`
      select c.id, c.key_id, c.label, c.algorithm, c.kind, c.scopes, c.status, c.expires_at, c.rate_limit,
             c.secret_sealed, c.public_key, w.id as workspace_id, w.kind as workspace_kind, w.name as workspace_name,
             coalesce(w.federation_id, w.id) as federation_id
      from credentials c join workspaces w on w.id = c.workspace_id
      where c.key_id = any(${keyIds}::text[])`;
    const byKey = new Map(found.map((row) => [row.key_id, row]));
    return keyIds.map((keyId) => byKey.get(keyId));
  }, lookupBatch);

  const lookUp = (keyId: string): Promise<Credential | undefined> => {
    const under = inFlight.get(keyId);
    if (under) return under.answer;
    const lookup = { answer: rows.submit(keyId).then((row) => row && toCredential(row, masterKey)), stale: false };
    inFlight.set(keyId, lookup);
    void lookup.answer.then((credential) => !lookup.stale && remember(keyId, credential), () => {}).finally(() => {
      if (inFlight.get(keyId) === lookup) inFlight.delete(keyId);
    });
    return lookup.answer;
  };

  const listener = await subscribe(pool.current, 'credentials_changed', (keyId) => evict(keyId), () => evict());
  return {
    async get(keyId) {
      const hit = cache.get(keyId);
      if (hit) return hit;
      const unknownUntil = unknown.get(keyId);
      if (unknownUntil !== undefined && unknownUntil > Date.now()) return undefined;
      return lookUp(keyId);
    },
    async close() {
      await listener.close();
    },
  };
}

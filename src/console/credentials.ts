import { createPublicKey, randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';
import type { Algorithm, Credential } from '../auth/credentials.js';
import { grantedScopes, refuseScopes } from '../auth/grant.js';
import { seal } from '../auth/secret-box.js';
import type { Scope } from '../auth/scopes.js';
import { ApiError } from '../errors.js';
import type { WorkspaceKind } from '../workspace.js';

interface IssueRequest {
  workspaceId: string;
  issuerId: string;
  label: string;
  algorithm: Algorithm;
  scopes: string[];
  publicKeyPem?: string;
  rateLimit?: number;
  expiresAt?: Date;
  kind?: Credential['kind'];
}

export interface Issued {
  key_id: string;
  algorithm: Algorithm;
  scopes: Scope[];
  /** hmac-sha256 only, and only here: it is never shown again. */
  secret?: string;
}

const base32 = 'abcdefghijklmnopqrstuvwxyz234567';
const latestExpiry = Date.parse('9999-12-31T23:59:59Z');

/** `pk_` and 26 base32 characters (130 random bits). */
function newKeyId(): string {
  const bytes = randomBytes(26);
  return 'pk_' + [...bytes].map((b) => base32[b & 31]).join('');
}

/** `sk_` and 32 random bytes in base64url; the HMAC key is this whole string. */
function newSecret(): string {
  return 'sk_' + randomBytes(32).toString('base64url');
}

function invalid(path: string, message: string): ApiError {
  return new ApiError('validation_failed', message, { errors: [{ path, message }] });
}

function checkedPublicKey(pem: string | undefined): string {
  if (!pem) throw invalid('/public_key', 'rsa2 needs the partner\'s public key (PEM)');
  let key;
  try {
    key = createPublicKey(pem);
  } catch {
    throw invalid('/public_key', 'the public key is not a readable PEM');
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < 2048) throw invalid('/public_key', 'the public key must be RSA with at least 2048 bits');
  return key.export({ type: 'spki', format: 'pem' }).toString();
}

/** Issues a credential under the grant rules: all refused scopes are named at once, nothing is written. */
export async function issueCredential(sql: Sql, masterKey: Buffer, req: IssueRequest): Promise<Issued> {
  const [issuer] = await sql<{ workspace_kind: WorkspaceKind; is_owner: boolean; permissions: string[] }[]>`
    select w.kind as workspace_kind, o.is_owner, o.permissions
    from operators o join workspaces w on w.id = o.workspace_id
    where o.id = ${req.issuerId} and o.workspace_id = ${req.workspaceId}`;
  if (!issuer) throw new ApiError('not_found', `no operator ${req.issuerId} in workspace ${req.workspaceId}`);
  if (req.label.length < 1 || req.label.length > 100) throw invalid('/label', 'the label must be 1 to 100 characters');
  if (req.scopes.length === 0) throw invalid('/scopes', 'at least one scope is required');
  if (req.expiresAt && !(req.expiresAt.getTime() > Date.now())) throw invalid('/expires_at', 'must be in the future: a credential cannot be issued expired');
  if (req.expiresAt && !(req.expiresAt.getTime() <= latestExpiry)) throw invalid('/expires_at', 'must be at most 9999-12-31T23:59:59Z');
  const refusals = refuseScopes(issuer.workspace_kind, req.scopes, { isOwner: issuer.is_owner, permissions: issuer.permissions });
  if (refusals.length > 0) {
    throw new ApiError('rule_violation', `refused scopes: ${refusals.map((r) => `${r.scope} (${r.reason})`).join(', ')}`, {
      reason: 'scopes_refused',
      errors: refusals.map((r) => ({ path: `/scopes/${req.scopes.indexOf(r.scope)}`, message: `${r.scope} is refused`, reason: r.reason })),
    });
  }
  const scopes = grantedScopes(req.scopes);
  const secret = req.algorithm === 'hmac-sha256' ? newSecret() : undefined;
  const publicKey = req.algorithm === 'rsa2' ? checkedPublicKey(req.publicKeyPem) : null;
  const keyId = newKeyId();
  // Every writer of credentials tells the instances' caches (src/auth/credentials.ts) at commit,
  // an issuance too, since a cache also remembers key ids that named no credential.
  await sql`
    with issued as (
    insert into credentials (federation_id, key_id, workspace_id, issuer_id, label, algorithm, kind, scopes, expires_at, rate_limit, secret_sealed, public_key)
    select coalesce(w.federation_id, w.id), ${keyId}, ${req.workspaceId}, ${req.issuerId}, ${req.label}, ${req.algorithm}, ${req.kind ?? 'live'}, ${scopes},
            ${req.expiresAt ?? null}, ${req.rateLimit ?? null}, ${secret ? seal(masterKey, secret) : null}, ${publicKey}
    from workspaces w where w.id = ${req.workspaceId}
    returning key_id)
    select pg_notify('credentials_changed', key_id) from issued`;
  return { key_id: keyId, algorithm: req.algorithm, scopes, ...(secret ? { secret } : {}) };
}

export async function revokeCredential(sql: Sql, keyId: string): Promise<{ key_id: string; status: 'revoked' }> {
  const [row] = await sql`
    with revoked as (
      update credentials set status = 'revoked', revoked_at = coalesce(revoked_at, now()), updated_at = now()
      where key_id = ${keyId} returning key_id)
    select key_id, pg_notify('credentials_changed', key_id) from revoked`;
  if (!row) throw new ApiError('not_found', `no credential ${keyId}`);
  return { key_id: keyId, status: 'revoked' };
}

export async function listCredentials(sql: Sql, workspaceId: string) {
  return sql`
    select key_id, label, algorithm, kind, scopes, status, expires_at, rate_limit, issuer_id, created_at, revoked_at
    from credentials where workspace_id = ${workspaceId} order by id`;
}

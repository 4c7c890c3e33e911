// The idempotency_keys table: a POST's claim on its Idempotency-Key, and the answer stored for
// its retries (conventions.md, Idempotency). The header and the fingerprint are read in src/http/.
import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres';
import { ApiError } from '../errors.js';

/** A stored response to replay. */
export interface Stored {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export interface Claim {
  /** The credential's federation: the tenant the record lives with. */
  federationId: string;
  credentialId: string;
  key: string;
  fingerprint: string;
}

/**
 * A claim still `running` after this long belongs to a crashed instance and may be taken over; so
 * may one made before the database last crashed or failed over (the reset floor of
 * sql/00012_nonce_reset.sql), whose transaction cannot have survived it.
 */
const abandonedAfterSeconds = 60;

/**
 * Claims the key for this request, or tells what to answer instead: the stored response (a
 * retry), 409 while the first is still running, 422 when the key was used for another request.
 */
export async function claim(sql: Sql, c: Claim): Promise<Stored | undefined> {
  const [row] = await sql<{ claimed: boolean; fingerprint: string; state: string; response_status: number | null; response_body: string | null; response_headers: Record<string, string> | null }[]>`
    insert into idempotency_keys as k (federation_id, credential_id, key, fingerprint)
    values (${c.federationId}, ${c.credentialId}, ${c.key}, ${c.fingerprint})
    on conflict (federation_id, credential_id, key) do update
      set fingerprint = excluded.fingerprint, created_at = now()
      where k.state = 'running' and (k.created_at < now() - make_interval(secs => ${abandonedAfterSeconds})
        or k.created_at < (select reset_at from nonce_reset))
    returning true as claimed, fingerprint, state, response_status, response_body, response_headers`;
  if (row?.claimed) return undefined;
  const [existing] = await sql<{ fingerprint: string; state: string; response_status: number | null; response_body: string | null; response_headers: Record<string, string> | null }[]>`
    select fingerprint, state, response_status, response_body, response_headers
    from idempotency_keys where federation_id = ${c.federationId} and credential_id = ${c.credentialId} and key = ${c.key}`;
  if (!existing) return claim(sql, c); // purged in between: claim again
  if (existing.fingerprint !== c.fingerprint) {
    throw new ApiError('idempotency_key_reused', 'this Idempotency-Key was used with another request');
  }
  if (existing.state === 'running') {
    throw new ApiError('idempotency_key_in_use', 'a request with this Idempotency-Key is still being processed');
  }
  return { status: existing.response_status!, body: existing.response_body!, headers: existing.response_headers ?? {} };
}

/** The statement that stores the answer under the claimed key: sent with the write's COMMIT, or alone after a failure. */
export function completion(sql: Sql | TransactionSql, c: Claim, response: Stored): PendingQuery<Row[]> {
  return sql`
    update idempotency_keys
    set state = 'done', response_status = ${response.status}, response_body = ${response.body}, response_headers = ${sql.json(response.headers)}
    where federation_id = ${c.federationId} and credential_id = ${c.credentialId} and key = ${c.key}`;
}

export async function release(sql: Sql, c: Claim): Promise<void> {
  await sql`delete from idempotency_keys where federation_id = ${c.federationId} and credential_id = ${c.credentialId} and key = ${c.key} and state = 'running'`;
}

/** Forgets the records older than 24 h: one statement per federation, each on its own shard under Citus. */
export async function purgeIdempotency(sql: Sql): Promise<void> {
  const federations = await sql<{ id: string }[]>`select id::text from workspaces where federation_id is null order by id`;
  for (const { id } of federations) {
    await sql`delete from idempotency_keys where federation_id = ${id} and created_at < now() - interval '24 hours'`;
  }
}

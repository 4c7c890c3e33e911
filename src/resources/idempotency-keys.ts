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

/** The claim is abandoned (`k`'s, still running): too old, or made before the database last lost its nonces. */
const abandoned = (sql: Sql) => sql`k.state = 'running' and (k.created_at < now() - make_interval(secs => ${abandonedAfterSeconds})
  or k.created_at < (select reset_at from nonce_reset))`;

/**
 * Claims the key for this request, or tells what to answer instead: the stored response (a
 * retry), 409 while the first is still running, 422 when the key was used for another request.
 * A claim found abandoned is taken over by an update of its own (rare): Citus refuses a subquery
 * or a non-immutable function in an insert's ON CONFLICT DO UPDATE. Of two instances taking over
 * the same claim, the second, once the first commits, finds it fresh and takes nothing.
 */
export async function claim(sql: Sql, c: Claim): Promise<Stored | undefined> {
  const [claimed] = await sql`
    insert into idempotency_keys (federation_id, credential_id, key, fingerprint)
    values (${c.federationId}, ${c.credentialId}, ${c.key}, ${c.fingerprint})
    on conflict (federation_id, credential_id, key) do nothing
    returning 1`;
  if (claimed) return undefined;
  const [existing] = await sql<{ fingerprint: string; state: string; abandoned: boolean; response_status: number | null; response_body: string | null; response_headers: Record<string, string> | null }[]>`
    select fingerprint, state, ${abandoned(sql)} as abandoned, response_status, response_body, response_headers
    from idempotency_keys k where federation_id = ${c.federationId} and credential_id = ${c.credentialId} and key = ${c.key}`;
  if (!existing) return claim(sql, c); // purged in between: claim again
  if (existing.abandoned) {
    const [takenOver] = await sql`
      update idempotency_keys k set fingerprint = ${c.fingerprint}, created_at = now()
      where k.federation_id = ${c.federationId} and k.credential_id = ${c.credentialId} and k.key = ${c.key} and ${abandoned(sql)}
      returning 1`;
    if (takenOver) return undefined;
    return claim(sql, c); // another instance took it over first
  }
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

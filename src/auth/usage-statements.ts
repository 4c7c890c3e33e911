// The SQL of the usage bookkeeping: the batch statement and the repair after a crash.
import type { Sql } from 'postgres';
import { fragment, nothing } from '../db/driver.js';

/**
 * A batch statement's answer: the floor on `created` (absent: no sentinel), each nonce of the
 * batch that was not written although it passed the floor (a replay), each credential's count after.
 */
export type Written =
  | { kind: 'floor'; credential_id: null; nonce: null; n: string }
  | { kind: 'replayed'; credential_id: string; nonce: string; n: null }
  | { kind: 'count'; credential_id: string; nonce: null; n: string };

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * How a batch treats a nonce already in `nonces`. `fresh`, for a batch whose nonces are all new,
 * as nearly every batch's are: a plain insert, which fails with unique_violation (23505), writing
 * nothing, when one of them is not; Postgres spends a quarter less on it than on `on conflict do
 * nothing` (no speculative insertion). `tolerant`: the replay inserts nothing and is answered.
 */
export type Replays = 'fresh' | 'tolerant';

const onConflict = { fresh: nothing, tolerant: fragment`on conflict do nothing` };
const replayedRows = {
  fresh: nothing,
  tolerant: fragment`union all select 'replayed', credential_id, nonce, null from batch b
    where not exists (select from fresh f where f.credential_id = b.credential_id and f.nonce = b.nonce)`,
};

/**
 * One statement for the requests of a batch that fall in one rate window. Nothing is written
 * unless the sentinel row is in `nonces` (a crash that empties the unlogged table removes it),
 * and then only for signatures created at or after the floor committed with that sentinel. Rows
 * are written in key order so that the batches of two instances cannot deadlock. A replayed
 * nonce fails a `fresh` statement; in a `tolerant` one it inserts nothing, so it neither counts
 * nor consumes the window. Answers the floor (no such row: the sentinel is missing), the
 * replays, and each credential's count after: a row per refusal rather than per nonce written,
 * since nearly every nonce is fresh.
 */
/** One signed request's use of its credential: its nonce, and its place in its rate window. */
export interface UsageInput {
  credentialId: string;
  nonce: string;
  /** The signature's `created`, Unix seconds. */
  created: number;
  /** When the nonce may be forgotten: the signature can no longer pass the window check after it. */
  nonceExpiresAt: Date;
  limit: number;
  windowSeconds: number;
  now: number;
}

export function writeBatch(sql: Sql, inputs: UsageInput[], windowStart: number, replays: Replays): Promise<Written[]> {
  return sql<Written[]>`
    with guard as (
      select ceil(extract(epoch from reset_at))::bigint as floor from nonce_reset
      where exists (select from nonces where credential_id = 0 and nonce = 'sentinel')
    ), batch as (
      select * from unnest(
        ${inputs.map((u) => u.credentialId)}::bigint[], ${inputs.map((u) => u.nonce)}::text[],
        ${inputs.map((u) => u.created)}::bigint[], ${inputs.map((u) => seconds(u.nonceExpiresAt.getTime()))}::bigint[]
      ) as t (credential_id, nonce, created, expires_s)
      where created >= (select floor from guard)
    ), fresh as (
      insert into nonces (credential_id, nonce, expires_at)
      select credential_id, nonce, to_timestamp(expires_s) from batch
      order by credential_id, nonce
      ${onConflict[replays]}
      returning credential_id, nonce
    ), counted as (
      insert into rate_windows as w (credential_id, window_start, used)
      select credential_id, to_timestamp(${seconds(windowStart)}), count(*)::int from fresh group by 1 order by 1
      on conflict (credential_id, window_start) do update set used = w.used + excluded.used
      returning credential_id, used
    )
    select 'floor' as kind, null::bigint as credential_id, null::text as nonce, floor as n from guard
    ${replayedRows[replays]}
    union all select 'count', credential_id, null, used from counted`;
}

/**
 * The nonce table came back empty: put the sentinel back and move the floor to now, in one
 * statement. Of two instances that both noticed, the second finds the sentinel and moves nothing.
 */
export async function markReset(sql: Sql): Promise<void> {
  await sql`
    with sentinel as (
      insert into nonces (credential_id, nonce, expires_at) values (0, 'sentinel', 'infinity')
      on conflict do nothing
      returning 1
    )
    update nonce_reset set reset_at = now() where exists (select from sentinel)`;
}


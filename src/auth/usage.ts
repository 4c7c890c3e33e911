import type { Sql } from 'postgres';

export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
  exceeded: boolean;
}

export type UsageResult = { replayed: true } | { replayed: false; rate: RateState };

export interface UsageInput {
  credentialId: string;
  nonce: string;
  /** When the nonce may be forgotten: the signature can no longer pass the window check after it. */
  nonceExpiresAt: Date;
  limit: number;
  windowSeconds: number;
  now: number;
}

/**
 * Records the nonce and counts the request in the credential's fixed rate window in one round
 * trip. A replayed nonce inserts nothing, so it neither counts nor consumes the window.
 */
export async function recordUsage(sql: Sql, input: UsageInput): Promise<UsageResult> {
  const windowMs = input.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(input.now / windowMs) * windowMs);
  const [row] = await sql<{ fresh: boolean; used: number | null }[]>`
    with nonce as (
      insert into nonces (credential_id, nonce, expires_at)
      values (${input.credentialId}, ${input.nonce}, ${input.nonceExpiresAt})
      on conflict do nothing
      returning 1
    ), counted as (
      insert into rate_windows (credential_id, window_start, used)
      select ${input.credentialId}, ${windowStart}, 1 where exists (select from nonce)
      on conflict (credential_id, window_start) do update set used = rate_windows.used + 1
      returning used
    )
    select exists (select from nonce) as fresh, (select used from counted) as used`;
  if (!row?.fresh) return { replayed: true };
  const used = row.used ?? 1;
  return {
    replayed: false,
    rate: {
      limit: input.limit,
      remaining: Math.max(0, input.limit - used),
      reset: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - input.now) / 1000)),
      exceeded: used > input.limit,
    },
  };
}

/** Drops nonces past their window and finished rate windows; runs off the request path. */
export async function purgeUsage(sql: Sql, windowSeconds: number): Promise<void> {
  await sql`delete from nonces where expires_at < now()`;
  await sql`delete from rate_windows where window_start < now() - make_interval(secs => ${windowSeconds * 2})`;
}

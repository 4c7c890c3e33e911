import type { Sql } from 'postgres';
import { createBatcher, type Batcher } from './batch.js';

export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
  exceeded: boolean;
}

/**
 * `replayed`: the nonce was already used. `before_reset`: the signature was created before the
 * nonce table was last emptied (a crash), so its nonce may have been used and forgotten.
 */
export type UsageResult =
  | { outcome: 'fresh'; rate: RateState }
  | { outcome: 'replayed' }
  | { outcome: 'before_reset' };

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

interface Outcome { i: number; floor: string | null; used: number | null }

const batchOptions = { maxSize: 500, maxInFlight: 2 };
const seconds = (ms: number) => Math.floor(ms / 1000);
const windowStartMs = (u: UsageInput) => Math.floor(u.now / (u.windowSeconds * 1000)) * u.windowSeconds * 1000;

/**
 * One statement for a whole batch. Nothing is written unless the sentinel row is in `nonces`
 * (it is gone after a crash empties the unlogged table), and then only for signatures created
 * at or after the floor committed with that sentinel. Rows are written in key order so that
 * batches of two instances cannot deadlock. A replayed nonce inserts nothing, so it neither
 * counts nor consumes the window; the fresh requests of a credential take consecutive counts.
 */
function writeBatch(sql: Sql, inputs: UsageInput[]): Promise<Outcome[]> {
  return sql<Outcome[]>`
    with input as (
      select * from unnest(
        ${inputs.map((_, i) => i)}::int[], ${inputs.map((u) => u.credentialId)}::bigint[],
        ${inputs.map((u) => u.nonce)}::text[], ${inputs.map((u) => u.created)}::bigint[],
        ${inputs.map((u) => seconds(u.nonceExpiresAt.getTime()))}::bigint[], ${inputs.map((u) => seconds(windowStartMs(u)))}::bigint[]
      ) as t (i, credential_id, nonce, created, expires_s, window_s)
    ), guard as (
      select ceil(extract(epoch from reset_at))::bigint as floor from nonce_reset
      where exists (select from nonces where credential_id = 0 and nonce = 'sentinel')
    ), admitted as (
      select i, credential_id, nonce, to_timestamp(expires_s) as expires_at, to_timestamp(window_s) as window_start
      from input where created >= (select floor from guard)
    ), fresh as (
      insert into nonces (credential_id, nonce, expires_at)
      select credential_id, nonce, expires_at from admitted order by credential_id, nonce
      on conflict do nothing
      returning credential_id, nonce
    ), counted as (
      insert into rate_windows as w (credential_id, window_start, used)
      select credential_id, window_start, count(*)::int from fresh join admitted using (credential_id, nonce)
      group by 1, 2 order by 1, 2
      on conflict (credential_id, window_start) do update set used = w.used + excluded.used
      returning credential_id, window_start, used
    ), rated as (
      select a.i, (c.used - count(*) over w + row_number() over (w order by a.i))::int as used
      from fresh f join admitted a using (credential_id, nonce) join counted c using (credential_id, window_start)
      window w as (partition by a.credential_id, a.window_start)
    )
    select input.i, guard.floor, rated.used
    from input left join guard on true left join rated using (i)
    order by input.i`;
}

/**
 * The nonce table came back empty: put the sentinel back and move the floor to now, in one
 * statement. Of two instances that both noticed, the second finds the sentinel and moves nothing.
 */
async function markReset(sql: Sql): Promise<void> {
  await sql`
    with sentinel as (
      insert into nonces (credential_id, nonce, expires_at) values (0, 'sentinel', 'infinity')
      on conflict do nothing
      returning 1
    )
    update nonce_reset set reset_at = now() where exists (select from sentinel)`;
}

function answer(input: UsageInput, outcome: Outcome): UsageResult {
  if (input.created < Number(outcome.floor)) return { outcome: 'before_reset' };
  if (outcome.used === null) return { outcome: 'replayed' };
  const windowEnd = windowStartMs(input) + input.windowSeconds * 1000;
  return {
    outcome: 'fresh',
    rate: {
      limit: input.limit,
      remaining: Math.max(0, input.limit - outcome.used),
      reset: Math.max(1, Math.ceil((windowEnd - input.now) / 1000)),
      exceeded: outcome.used > input.limit,
    },
  };
}

/** The same nonce twice in one batch: the first is written; the others replay it, or share its refusal. */
async function recordBatch(sql: Sql, inputs: UsageInput[]): Promise<UsageResult[]> {
  const first = new Map<string, number>();
  const unique: UsageInput[] = [];
  for (const input of inputs) {
    const key = `${input.credentialId}:${input.nonce}`;
    if (!first.has(key)) first.set(key, unique.push(input) - 1);
  }
  let outcomes = await writeBatch(sql, unique);
  if (outcomes.some((o) => o.floor === null)) {
    await markReset(sql);
    outcomes = await writeBatch(sql, unique);
    if (outcomes.some((o) => o.floor === null)) throw new Error('the nonce sentinel is missing right after it was written');
  }
  const answers = unique.map((input, index) => answer(input, outcomes[index]!));
  return inputs.map((input) => {
    const index = first.get(`${input.credentialId}:${input.nonce}`)!;
    if (unique[index] === input) return answers[index]!;
    return answers[index]!.outcome === 'fresh' ? { outcome: 'replayed' } : answers[index]!;
  });
}

// One batcher per pool: every request served through that pool shares its statements.
const batchers = new WeakMap<Sql, Batcher<UsageInput, UsageResult>>();

/**
 * Records the nonce and counts the request in the credential's fixed rate window. Concurrent
 * calls on the same pool share one statement; each still gets its own exact answer.
 */
export function recordUsage(sql: Sql, input: UsageInput): Promise<UsageResult> {
  let batcher = batchers.get(sql);
  if (!batcher) {
    batcher = createBatcher((inputs) => recordBatch(sql, inputs), batchOptions);
    batchers.set(sql, batcher);
  }
  return batcher.submit(input);
}

/** Drops nonces past their window (never the sentinel) and finished rate windows; runs off the request path. */
export async function purgeUsage(sql: Sql, windowSeconds: number): Promise<void> {
  await sql`delete from nonces where expires_at < now()`;
  await sql`delete from rate_windows where window_start < now() - make_interval(secs => ${windowSeconds * 2})`;
}

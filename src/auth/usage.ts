import type { Sql } from 'postgres';
import { isUniqueViolation } from '../db/errors.js';
import { usageBatch } from '../metrics/series.js';
import { createBatcher, type Batcher } from './batch.js';
import { markReset, writeBatch, type UsageInput, type Written } from './usage-statements.js';

export type { UsageInput };

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


const batchOptions = { maxSize: 500, maxInFlight: 1 };
const windowStartMs = (u: UsageInput) => Math.floor(u.now / (u.windowSeconds * 1000)) * u.windowSeconds * 1000;
const keyOf = (credentialId: string, nonce: string) => `${credentialId}:${nonce}`;

function rate(input: UsageInput, used: number): UsageResult {
  const windowEnd = windowStartMs(input) + input.windowSeconds * 1000;
  return {
    outcome: 'fresh',
    rate: {
      limit: input.limit,
      remaining: Math.max(0, input.limit - used),
      reset: Math.max(1, Math.ceil((windowEnd - input.now) / 1000)),
      exceeded: used > input.limit,
    },
  };
}

/**
 * Each request's answer from what its statement wrote. The fresh requests of a credential take
 * consecutive counts, in batch order, ending at the count the window row holds now.
 */
function answers(inputs: UsageInput[], written: Written[]): UsageResult[] {
  let floor = 0;
  let replayed: Set<string> | undefined; // made for the rare statement that answers a replay
  const next = new Map<string, number>();
  for (const w of written) {
    if (w.kind === 'floor') floor = Number(w.n);
    else if (w.kind === 'replayed') (replayed ??= new Set()).add(keyOf(w.credential_id, w.nonce));
    else next.set(w.credential_id, Number(w.n) + 1);
  }
  const isFresh = (u: UsageInput) => u.created >= floor && !replayed?.has(keyOf(u.credentialId, u.nonce));
  for (const u of inputs) if (isFresh(u)) next.set(u.credentialId, next.get(u.credentialId)! - 1);
  return inputs.map((u): UsageResult => {
    if (u.created < floor) return { outcome: 'before_reset' };
    if (!isFresh(u)) return { outcome: 'replayed' };
    const used = next.get(u.credentialId)!;
    next.set(u.credentialId, used + 1);
    return rate(u, used);
  });
}

/**
 * One window's requests, unique nonces: written, and after a crash written again once the floor
 * moved. A replay among them fails the plain insert, and the batch goes again as the statement
 * that answers replays.
 */
async function recordWindow(sql: Sql, inputs: UsageInput[], windowStart: number): Promise<UsageResult[]> {
  let written = await writeBatch(sql, inputs, windowStart, 'fresh').catch((error: unknown) => {
    if (isUniqueViolation(error)) return writeBatch(sql, inputs, windowStart, 'tolerant');
    throw error;
  });
  if (!written.some((w) => w.kind === 'floor')) {
    await markReset(sql);
    written = await writeBatch(sql, inputs, windowStart, 'tolerant');
    if (!written.some((w) => w.kind === 'floor')) throw new Error('the nonce sentinel is missing right after it was written');
  }
  return answers(inputs, written);
}

/**
 * A batch: the same nonce twice is written once (the others replay it, or share its refusal),
 * and a batch that spans the start of a rate window is written as one statement per window.
 */
async function recordBatch(sql: Sql, inputs: UsageInput[]): Promise<UsageResult[]> {
  // Nearly every batch: distinct nonces, one window. Its answers are the statement's, in order.
  const start = windowStartMs(inputs[0]!);
  const keys = new Set<string>();
  for (const input of inputs) if (windowStartMs(input) === start) keys.add(keyOf(input.credentialId, input.nonce));
  if (keys.size === inputs.length) return recordWindow(sql, inputs, start);

  const first = new Map<string, UsageInput>();
  const windows = new Map<number, UsageInput[]>();
  for (const input of inputs) {
    const key = keyOf(input.credentialId, input.nonce);
    if (first.has(key)) continue;
    first.set(key, input);
    const start = windowStartMs(input);
    const group = windows.get(start);
    if (group) group.push(input);
    else windows.set(start, [input]);
  }
  const results = new Map<UsageInput, UsageResult>();
  await Promise.all([...windows].map(async ([start, group]) => {
    const answered = await recordWindow(sql, group, start);
    group.forEach((input, i) => results.set(input, answered[i]!));
  }));
  return inputs.map((input) => {
    const own = results.get(input);
    if (own) return own;
    const original = results.get(first.get(keyOf(input.credentialId, input.nonce))!)!;
    return original.outcome === 'fresh' ? { outcome: 'replayed' } : original;
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
    batcher = createBatcher(async (inputs) => {
      const started = performance.now();
      const answered = await recordBatch(sql, inputs);
      usageBatch(inputs.length, (performance.now() - started) / 1000);
      return answered;
    }, batchOptions);
    batchers.set(sql, batcher);
  }
  return batcher.submit(input);
}

/** Drops nonces past their window (never the sentinel) and finished rate windows; runs off the request path. */
export async function purgeUsage(sql: Sql, windowSeconds: number): Promise<void> {
  await sql`delete from nonces where expires_at < now()`;
  await sql`delete from rate_windows where window_start < now() - make_interval(secs => ${windowSeconds * 2})`;
}

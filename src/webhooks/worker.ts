// The delivery worker of one instance. It wakes on NOTIFY webhook_changes (sent from the commit
// that appended changes an endpoint follows: src/resources/changes.ts) and polls as a fallback;
// each pass turns new feed rows into messages, then claims due messages for its free slots (claim.ts: exactly one
// instance takes each attempt, and the slots go round robin over the workspaces, none holding
// more than its share). A killed instance's claim lapses with its lease and the message is tried
// again, with the same webhook-id. An attempt ends within its 10 s however slowly the answer
// arrives (send.ts), so a slow endpoint holds one slot of its workspace's share for at most that
// long. Outcomes are recorded in batches: a pass records every attempt finished since the last one
// in one statement per federation, then claims for the freed slots, so the statements per delivery
// fall as the load grows.
import { webhookAttempt } from '../metrics/series.js';
import type { BlockList } from 'node:net';
import type { Sql } from 'postgres';
import { subscribe, type Subscription } from '../db/listener.js';
import { claim, type Claimed } from './claim.js';
import { enqueue } from './enqueue.js';
import { signingSecrets } from './registry.js';
import { disableAfterMs, nextAttemptAt } from './schedule.js';
import { post, type Outcome } from './send.js';
import { defaultWorkspaceShare, heldAttempts, workspaceSlots } from './shares.js';
import { webhookHeaders } from './signing.js';
import type { MessageStatus } from './states.js';

export type WorkerLog = (level: 'debug' | 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;

interface WorkerOptions {
  sql: Sql;
  masterKey: Buffer;
  /** Addresses exempt from the refusal of the special-purpose ranges. */
  allowed: BlockList;
  /** Attempts in flight at once in this instance. */
  concurrency: number;
  /** The percentage of `concurrency` one workspace may hold (WEBHOOK_WORKSPACE_SHARE). */
  workspaceShare?: number;
  pollMs: number;
  /** Milliseconds since the epoch; tests move it by hours. */
  clock?: () => number;
  log?: WorkerLog;
  /** Whether to LISTEN (the service does); a test may drive passes itself. */
  listen?: boolean;
  timeoutMs?: number;
  /** Serve only these federations' endpoints (tests sharing one database keep to their own); all when unset. */
  federations?: string[];
}

export interface Worker {
  /** Runs a pass soon (coalesced with one already running). */
  wake(): void;
  /** Resolves once a pass found nothing more to do and no attempt is in flight. */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

/** What an outcome means: 2xx done, 410 disables the endpoint, anything else is tried again on the schedule. */
function judge(outcome: Outcome, attempts: number, nowMs: number) {
  const ok = outcome.status !== undefined && outcome.status >= 200 && outcome.status <= 299;
  const gone = outcome.status === 410;
  const next = ok ? undefined : gone ? new Date(nowMs) : nextAttemptAt(attempts, nowMs);
  const status: MessageStatus = ok ? 'succeeded' : next ? 'pending' : 'failed';
  return { ok, gone, next, status };
}

interface Finished {
  m: Claimed;
  outcome: Outcome;
  startedAt: Date;
  nowMs: number;
}

/** Records finished attempts in one statement per federation: the messages' new state, the attempts, the endpoints freed (or disabled). */
async function record(sql: Sql, finished: Finished[]): Promise<void> {
  const federations = new Set(finished.map((f) => f.m.federation_id));
  for (const federation of federations) await recordFederation(sql, federation, finished.filter((f) => f.m.federation_id === federation));
}

async function recordFederation(sql: Sql, federation: string, finished: Finished[]): Promise<void> {
  const outcomes = finished.map(({ m, outcome, startedAt, nowMs }) => {
    const { ok, gone, next, status } = judge(outcome, m.attempts, nowMs);
    webhookAttempt(ok ? 'succeeded' : gone ? 'gone' : 'failed');
    return {
      id: m.id, endpoint_id: m.endpoint_id, attempt: m.attempts, status, next: next?.toISOString() ?? null, started: startedAt.toISOString(), ok, gone,
      response_status: outcome.status ?? null, bytes: outcome.bytes, duration_ms: outcome.durationMs, error: outcome.error ?? null,
      now: new Date(nowMs).toISOString(), failing_for: new Date(nowMs - disableAfterMs).toISOString(),
    };
  });
  await sql`
    with o as (
      select * from jsonb_to_recordset(${sql.json(outcomes)}::jsonb) as o (id bigint, endpoint_id bigint, attempt integer, status text,
        next timestamptz, started timestamptz, ok boolean, gone boolean, response_status integer, bytes integer, duration_ms integer,
        error text, now timestamptz, failing_for timestamptz)
    ), m as (
      update webhook_messages m set status = o.status, next_attempt_at = o.next, claimed_until = null
      from o where m.federation_id = ${federation} and m.id = o.id and m.attempts = o.attempt and m.status = 'sending'
      returning m.id, m.endpoint_id, m.federation_id, o.attempt, o.started, o.ok, o.response_status, o.bytes, o.duration_ms, o.error, o.next
    ), a as (
      insert into webhook_attempts (federation_id, endpoint_id, message_id, attempt, attempted_at, succeeded, response_status, response_bytes, duration_ms, error, next_attempt_at)
      select federation_id, endpoint_id, id, attempt, started, ok, response_status, bytes, duration_ms, error, next from m
    )
    update webhook_endpoints e set
      busy_until = o.now,
      failing_since = case when o.ok then null else coalesce(e.failing_since, o.now) end,
      status = case when o.gone or (not o.ok and e.failing_since <= o.failing_for) then 'disabled' else e.status end,
      disabled_reason = case
        when o.gone then 'the endpoint answered 410 Gone'
        when not o.ok and e.failing_since <= o.failing_for then 'every attempt failed for 5 days'
        else e.disabled_reason end
    from o where e.federation_id = ${federation} and e.id = o.endpoint_id`;
}

export async function startWorker(options: WorkerOptions): Promise<Worker> {
  const { sql, masterKey, allowed, concurrency } = options;
  const clock = options.clock ?? Date.now;
  const log: WorkerLog = options.log ?? (() => {});
  const perWorkspace = workspaceSlots(concurrency, options.workspaceShare ?? defaultWorkspaceShare);
  const held = heldAttempts();
  // Attempts whose POST is under way; then their outcomes waiting to be recorded, then being recorded.
  const posting = new Set<Promise<void>>();
  let finished: Finished[] = [];
  let recording = 0;
  let running: Promise<void> | undefined;
  let again = false;
  // Set by NOTIFY and the poll: the feed may have grown. A finished attempt only frees a slot.
  let feed = true;
  let stopping = false;
  let settled: Array<() => void> = [];

  const attempt = async (m: Claimed) => {
    const startedAt = new Date(clock());
    const id = `msg_${m.change_id}`;
    const headers = webhookHeaders(signingSecrets(masterKey, m, startedAt.getTime()), id, startedAt.getTime(), m.body);
    const outcome = await post(m.url, headers, m.body, allowed, options.timeoutMs);
    // Status and length only: the answer's body is never logged.
    log('debug', 'webhook attempt', { endpoint_id: m.endpoint_id, webhook_id: id, attempt: m.attempts, status: outcome.status, bytes: outcome.bytes, duration_ms: outcome.durationMs, error: outcome.error });
    finished.push({ m, outcome, startedAt, nowMs: clock() });
  };

  const flush = async () => {
    const batch = finished;
    if (batch.length === 0) return;
    finished = [];
    recording = batch.length;
    try {
      await record(sql, batch);
    } catch (error) {
      // Their leases lapse and the messages are tried again, with the same webhook-id.
      log('warn', 'webhook attempts not recorded', { attempts: batch.length, fault: (error as Error).name });
    } finally {
      recording = 0;
    }
  };

  const pass = async () => {
    do {
      again = false;
      await flush();
      const now = new Date(clock());
      if (feed) {
        feed = false;
        // An endpoint with more than a page waiting: read on in the next round.
        if (await enqueue(sql, now, options.federations)) again = feed = true;
      }
      const slots = concurrency - posting.size - finished.length - recording;
      if (slots <= 0 || stopping) continue;
      for (const m of await claim(sql, { now, slots, perWorkspace, held, federations: options.federations })) {
        held.take(m.workspace_id);
        const p: Promise<void> = attempt(m)
          .catch((error: Error) => log('warn', 'webhook attempt failed', { endpoint_id: m.endpoint_id, fault: error.name }))
          .finally(() => {
            held.give(m.workspace_id);
            posting.delete(p);
            wake(false);
          });
        posting.add(p);
      }
    } while (again && !stopping);
  };

  const wake = (news = true) => {
    if (stopping) return;
    if (news) feed = true;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: Error) => log('warn', 'webhook pass failed', { fault: error.name, code: (error as { code?: unknown }).code }))
      .finally(() => {
        running = undefined;
        if (again) wake(false);
        else if (posting.size === 0 && finished.length === 0) for (const resolve of settled.splice(0)) resolve();
      });
  };

  let subscription: Subscription | undefined;
  if (options.listen) subscription = await subscribe(sql, 'webhook_changes', () => wake(), () => wake());
  const poll = setInterval(() => wake(), options.pollMs);
  poll.unref();
  wake();

  return {
    wake: () => wake(),
    settle() {
      return new Promise((resolve) => {
        settled.push(resolve);
        wake();
      });
    },
    async stop() {
      stopping = true;
      clearInterval(poll);
      await subscription?.close();
      await running;
      // An attempt ends within its timeout; one cut short would be tried again after its lease.
      await Promise.all(posting);
      await flush();
    },
  };
}

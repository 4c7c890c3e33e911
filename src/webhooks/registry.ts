// The operator's webhook commands (`partner-admin webhook …`): endpoints of a workspace, their
// sealed secrets, their deliveries, replays. Each takes the workspace the acting operator manages
// (operators.ts) and reaches no other's endpoints: another workspace's endpoint is not found.
// Secrets are sealed with PARTNER_SECRET_KEY like the hmac secrets, and shown once: by `add` and
// by `rotate-secret`.
import type { Sql } from 'postgres';
import { open, seal } from '../auth/secret-box.js';
import { nothing } from '../db/driver.js';
import { transaction } from '../db/transaction.js';
import { ApiError } from '../errors.js';
import { urlRefusal, type AddressPolicy } from './addresses.js';
import { eventsRefusal } from './events.js';
import { isId, type Managed } from './operators.js';
import { newWebhookSecret } from './signing.js';
import type { EndpointStatus } from './states.js';

/** The old secret signs beside the new one this long after a rotation. */
export const rotationWindowMs = 24 * 60 * 60 * 1000;

export interface RegistryPolicy extends AddressPolicy {
  /** Endpoints one workspace may have (WEBHOOK_ENDPOINTS_MAX). */
  endpointsMax: number;
}

function invalid(path: string, message: string, reason?: string): ApiError {
  const option = path.split('/')[1];
  return new ApiError(reason ? 'rule_violation' : 'validation_failed', `--${option}: ${message}`, { errors: [{ path, message, ...(reason ? { reason } : {}) }] });
}

const notFound = (id: string) => new ApiError('not_found', `no webhook endpoint ${id}`);

const shown = `id::text, workspace_id::text, url, events, status, disabled_reason, created_at`;

interface AddRequest {
  url: string;
  /** Undefined: every event (`*`). */
  events?: string[];
}

/** Checks everything before anything is stored; the cap is counted under a lock, so two adds cannot both take the last place. */
export async function addEndpoint(sql: Sql, masterKey: Buffer, policy: RegistryPolicy, ws: Managed, req: AddRequest) {
  const refused = urlRefusal(req.url, policy);
  if (refused) throw invalid('/url', refused);
  const events = req.events ?? ['*'];
  const bad = eventsRefusal(events);
  if (bad) throw invalid(bad.path, bad.message);
  // Every change that commits after this point is delivered: the horizon waits for the writes in flight.
  const [{ horizon }] = await sql<[{ horizon: string }]>`select feed_horizon(${ws.federationId})::text as horizon`;
  const secret = newWebhookSecret();
  return transaction(sql, async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('webhook_endpoints'), hashtext(${ws.workspaceId}))`;
    const [{ count }] = await tx<[{ count: number }]>`select count(*)::int as count from webhook_endpoints where federation_id = ${ws.federationId} and workspace_id = ${ws.workspaceId}`;
    if (count >= policy.endpointsMax) {
      throw invalid('/workspace', `workspace ${ws.workspaceId} has ${count} endpoints, the most WEBHOOK_ENDPOINTS_MAX allows (${policy.endpointsMax}); remove one first`, 'endpoints_max');
    }
    const [row] = await tx<{ id: string; workspace_id: string; url: string; events: string[]; status: EndpointStatus }[]>`
      insert into webhook_endpoints (federation_id, workspace_id, url, events, secret_sealed, position)
      values (${ws.federationId}, ${ws.workspaceId}, ${req.url}, ${events}, ${seal(masterKey, secret)}, ${horizon})
      returning id::text, workspace_id::text, url, events, status`;
    return { ...row!, secret };
  });
}

export function listEndpoints(sql: Sql, ws: Managed) {
  return sql.unsafe(`select ${shown}, previous_until as previous_secret_until, failing_since from webhook_endpoints where federation_id = $1 and workspace_id = $2 order by id`, [ws.federationId, ws.workspaceId]);
}

/** The statement's one row, or not_found: an id of another workspace's endpoint is answered as one that does not exist. */
async function one(id: string, statement: (id: string) => Promise<readonly unknown[]>) {
  if (!isId(id)) throw notFound(id);
  const [row] = await statement(id);
  if (!row) throw notFound(id);
  return row;
}

export function removeEndpoint(sql: Sql, ws: Managed, id: string) {
  return one(id, (id) => sql`delete from webhook_endpoints where federation_id = ${ws.federationId} and id = ${id} and workspace_id = ${ws.workspaceId} returning id::text, 'removed' as status`);
}

/** Enabled again from where it stopped: the changes of the disabled time are delivered too. */
export function enableEndpoint(sql: Sql, ws: Managed, id: string) {
  return one(id, (id) => sql.unsafe(`
    update webhook_endpoints set status = 'enabled', disabled_reason = null, failing_since = null
    where federation_id = $1 and id = $2 and workspace_id = $3 returning ${shown}`, [ws.federationId, id, ws.workspaceId]));
}

export async function rotateSecret(sql: Sql, masterKey: Buffer, ws: Managed, id: string, nowMs = Date.now()) {
  const secret = newWebhookSecret();
  const until = new Date(nowMs + rotationWindowMs);
  const row = await one(id, (id) => sql`
    update webhook_endpoints set previous_secret_sealed = secret_sealed, previous_until = ${until}, secret_sealed = ${seal(masterKey, secret)}
    where federation_id = ${ws.federationId} and id = ${id} and workspace_id = ${ws.workspaceId} returning id::text, previous_until as previous_secret_until`);
  return { ...(row as object), secret };
}

/** The secrets that sign at `nowMs`: the current one, and the previous one inside its window. */
export function signingSecrets(masterKey: Buffer, row: { secret_sealed: Buffer; previous_secret_sealed: Buffer | null; previous_until: Date | null }, nowMs: number): string[] {
  const current = open(masterKey, row.secret_sealed);
  const previous = row.previous_secret_sealed && row.previous_until && row.previous_until.getTime() > nowMs ? open(masterKey, row.previous_secret_sealed) : undefined;
  return previous ? [current, previous] : [current];
}

export async function listDeliveries(sql: Sql, ws: Managed, id: string, options: { failed?: boolean; limit?: number } = {}) {
  await one(id, (id) => sql`select 1 from webhook_endpoints where federation_id = ${ws.federationId} and id = ${id} and workspace_id = ${ws.workspaceId}`);
  return sql`
    select a.id::text, 'msg_' || m.change_id as webhook_id, m.change_id::text, a.attempt, a.attempted_at,
      case when a.succeeded then 'succeeded' else 'failed' end as status, a.response_status, a.response_bytes, a.duration_ms,
      a.error, a.next_attempt_at, m.status as message_status
    from webhook_attempts a join webhook_messages m on m.federation_id = a.federation_id and m.id = a.message_id
    where a.federation_id = ${ws.federationId} and a.endpoint_id = ${id} ${options.failed ? sql`and not a.succeeded` : nothing}
    order by a.id desc limit ${options.limit ?? 50}`;
}

/** Sends again every change after `after`: messages already made start over, missing ones are made from the feed. */
export async function replay(sql: Sql, ws: Managed, id: string, after: string) {
  if (!/^(0|[1-9][0-9]{0,17})$/.test(after)) throw invalid('/after', 'must be a change id');
  return transaction(sql, async (tx) => {
    const row = await one(id, (id) => tx`
      update webhook_endpoints set position = least(position, ${after}) where federation_id = ${ws.federationId} and id = ${id} and workspace_id = ${ws.workspaceId} returning id::text, position::text`);
    const [{ count }] = await tx<[{ count: number }]>`
      with again as (
        update webhook_messages set status = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = null
        where federation_id = ${ws.federationId} and endpoint_id = ${id} and change_id > ${after} and status <> 'sending' returning 1)
      select count(*)::int as count from again`;
    return { id: (row as { id: string }).id, after, requeued: count };
  });
}

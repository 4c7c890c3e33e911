// GET /metrics on its own listener: a strict text-format parse, and each series moving with the
// traffic that should move it. Counters are process-wide, so the test compares before and after.
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { parseRanges } from '../../src/webhooks/addresses.js';
import { startWorker } from '../../src/webhooks/worker.js';
import { createClub } from '../support/factories.js';
import { request, startService } from '../support/harness.js';
import { holdFeedLock } from '../support/locks.js';
import { scrape as scrapeMetrics, type Scrape } from '../support/prometheus.js';
import { addTestEndpoint } from '../support/webhook-endpoints.js';
import { startReceiver } from '../support/webhook-receiver.js';

// A deadline no busy machine reaches: the held poll below must still be waiting when it is released.
const service = await startService(t, { METRICS_PORT: '0', DB_DEADLINE_MS: '30000' });
const scrape = (): Promise<Scrape> => scrapeMetrics(service.metricsUrl!);

const member = { first_name: 'Ada', last_name: 'Lovelace', birth_date: '2010-12-10', gender: 'female' };

t.test('the listener is local by default, off without METRICS_PORT, and /metrics is not served on the partner port', async (t) => {
  t.same(loadConfig({ ...process.env, METRICS_PORT: '9464' }).metrics, { port: 9464, host: '127.0.0.1' });
  t.equal(loadConfig({ ...process.env, METRICS_PORT: '' }).metrics, undefined);
  const partner = await request(service.url, 'GET', '/metrics');
  t.equal(partner.status, 404);
  t.equal(partner.body.code, 'not_found');
  t.equal((await fetch(service.metricsUrl!.replace('/metrics', '/v1/club/members'))).status, 404, 'the metrics listener serves nothing else');
});

t.test('every family parses strictly, with the conventional names and types', async (t) => {
  const s = await scrape();
  const expected: Record<string, string> = {
    partner_requests_total: 'counter', partner_request_duration_seconds: 'histogram', partner_refusals_total: 'counter',
    partner_requests_in_flight: 'gauge', partner_database_up: 'gauge', partner_database_pool_max: 'gauge', partner_database_connections: 'gauge', partner_database_requests_in_flight: 'gauge', partner_database_share_waiting: 'gauge',
    partner_deadline_cancellations_total: 'counter', partner_usage_batch_size: 'histogram', partner_usage_batch_duration_seconds: 'histogram',
    partner_webhook_attempts_total: 'counter', partner_webhook_messages_pending: 'gauge', partner_webhook_oldest_pending_age_seconds: 'gauge',
    partner_feed_horizon_lag_seconds: 'gauge', partner_feed_ids_in_flight: 'gauge',
    process_cpu_seconds_total: 'counter', process_resident_memory_bytes: 'gauge', nodejs_heap_used_bytes: 'gauge', nodejs_eventloop_delay_seconds: 'gauge',
  };
  for (const [family, type] of Object.entries(expected)) t.equal(s.types.get(family), type, family);
  t.equal(s.value('partner_database_up'), 1);
  t.ok(s.value('process_cpu_seconds_total')! > 0);
  t.ok(s.value('process_resident_memory_bytes')! > 0);
  const labels = new Set(s.samples.flatMap((x) => Object.keys(x.labels)));
  t.same([...labels].sort(), ['class', 'code', 'kind', 'le', 'operation', 'outcome', 'quantile', 'state'], 'bounded label names only: no tenant, no key');
});

t.test('a 2xx, a refusal before routing and a feed_reset each move their series', async (t) => {
  const club = await createClub(service);
  const before = await scrape();
  const list = { operation: 'club.members.list', kind: 'club' };
  t.equal((await club.call('GET', '/v1/club/members')).status, 200);
  t.equal((await request(service.url, 'GET', '/v1/club/members')).status, 401);
  t.equal((await club.call('GET', '/v1/club/changes?after=9000000000000000000')).status, 409);
  const after = await scrape();
  const moved = (name: string, labels: Record<string, string>) => (after.value(name, labels) ?? 0) - (before.value(name, labels) ?? 0);
  t.equal(moved('partner_requests_total', { ...list, class: '2xx' }), 1, '2xx of club.members.list');
  t.equal(moved('partner_request_duration_seconds_count', list), 1, 'its duration observed');
  t.ok(moved('partner_request_duration_seconds_sum', list) > 0);
  t.equal(moved('partner_requests_total', { operation: 'none', class: '4xx' }), 1, 'the unsigned request, refused before routing');
  t.equal(moved('partner_refusals_total', { code: 'signature_required' }), 1);
  t.equal(moved('partner_refusals_total', { code: 'feed_reset' }), 1);
  t.equal(moved('partner_requests_total', { operation: 'club.changes.list', kind: 'club', class: '4xx' }), 1);
  t.ok(moved('partner_usage_batch_size_count', {}) >= 1, 'the signed requests went through the nonce batch');
  t.ok(moved('partner_usage_batch_size_sum', {}) >= 2);
});

t.test('a request held by a writer shows in flight; the feed horizon lag counts the writer', async (t) => {
  const club = await createClub(service);
  const feedLock = await holdFeedLock(service.sql, club.federationId);
  const poll = club.call('GET', '/v1/club/changes');
  let s = await scrape();
  // The poll reaches its horizon statement after authentication: scrape until it waits there.
  for (let i = 0; i < 100 && !(s.value('partner_database_requests_in_flight')! >= 1); i++) s = await scrape();
  t.ok(s.value('partner_requests_in_flight')! >= 1, 'the waiting poll is in flight');
  t.ok(s.value('partner_feed_horizon_lag_seconds')! > 0, 'a write holds the horizon back');
  t.ok(s.value('partner_database_requests_in_flight')! >= 1, 'the poll uses the database');
  await feedLock.unlock();
  t.equal((await poll).status, 200);
});

t.test('webhook attempts by outcome, the backlog and its age', async (t) => {
  const club = await createClub(service);
  const receiver = await startReceiver();
  t.teardown(() => receiver.close());
  receiver.answer = () => 500;
  await addTestEndpoint(service, club, `${receiver.base}/hook`);
  const worker = await startWorker({
    sql: service.sql, masterKey: service.masterKey, allowed: parseRanges(['127.0.0.0/8']), concurrency: 2, pollMs: 3_600_000, federations: [club.federationId],
  });
  t.teardown(() => worker.stop());
  const before = await scrape();
  t.equal((await club.call('POST', '/v1/club/members', member)).status, 201);
  worker.wake();
  await worker.settle();
  const failed = await scrape();
  const delta = (s: Scrape, outcome: string) => s.value('partner_webhook_attempts_total', { outcome })! - before.value('partner_webhook_attempts_total', { outcome })!;
  t.equal(delta(failed, 'failed'), 1, 'a 500 answer is a failed attempt');
  t.ok(failed.value('partner_webhook_messages_pending')! >= 1, 'the message waits for its retry');
  t.ok(failed.value('partner_webhook_oldest_pending_age_seconds')! >= 0);
  receiver.answer = () => 200;
  await service.sql`update webhook_messages set next_attempt_at = now() where endpoint_id in (select id from webhook_endpoints where workspace_id = ${club.id})`;
  worker.wake();
  await worker.settle();
  t.equal(delta(await scrape(), 'succeeded'), 1, 'the retry that gets 200 succeeded');
});

t.test('a poll held past the request deadline is a cancellation and a 503 service_unavailable', async (t) => {
  const club = await createClub(service);
  const before = await scrape();
  const feedLock = await holdFeedLock(service.sql, club.federationId);
  const poll = await club.call('GET', '/v1/club/changes');
  await feedLock.unlock();
  t.equal(poll.status, 503);
  const after = await scrape();
  t.equal(after.value('partner_deadline_cancellations_total')! - before.value('partner_deadline_cancellations_total')!, 1);
  t.equal(after.value('partner_refusals_total', { code: 'service_unavailable' })! - before.value('partner_refusals_total', { code: 'service_unavailable' })!, 1);
  t.equal(after.value('partner_requests_total', { operation: 'club.changes.list', class: '5xx' })! - (before.value('partner_requests_total', { operation: 'club.changes.list', class: '5xx' }) ?? 0), 1);
});

// Deliveries from a worker whose clock the test holds, to a receiver on loopback: what is sent,
// how it is signed (checked with the npm standardwebhooks package), when it is tried again.
import t, { type Test } from 'tap';
import { BlockList } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createClub, type Tenant } from '../support/factories.js';
import { startService } from '../support/harness.js';
import { addTestEndpoint, loopback, managed, testPolicy } from '../support/webhook-endpoints.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { parseRanges } from '../../src/webhooks/addresses.js';
import { enableEndpoint, listDeliveries, replay, rotateSecret, rotationWindowMs } from '../../src/webhooks/registry.js';
import { retryDelaysMs } from '../../src/webhooks/schedule.js';
import { newWebhookSecret } from '../../src/webhooks/signing.js';
import { startWorker, type Worker } from '../../src/webhooks/worker.js';

const service = await startService(t);

interface Setup { club: Tenant; receiver: Receiver; endpoint: { id: string; secret: string }; worker: Worker; clock: { now: number } }

async function setup(t: Test, options: { events?: string[]; allowed?: BlockList; addedUnder?: BlockList; clockOffsetMs?: number; url?: (r: Receiver) => string } = {}): Promise<Setup> {
  const club = await createClub(service);
  const receiver = await startReceiver();
  t.teardown(() => receiver.close());
  const url = options.url ? options.url(receiver) : `${receiver.base}/hook`;
  const endpoint = await addTestEndpoint(service, club, url, options.events, { ...testPolicy, allowed: options.addedUnder ?? loopback });
  const clock = { now: Date.now() + (options.clockOffsetMs ?? 0) };
  const worker = await startWorker({
    sql: service.sql, masterKey: service.masterKey, allowed: options.allowed ?? loopback, concurrency: 4, pollMs: 3_600_000,
    clock: () => clock.now, federations: [club.federationId],
  });
  t.teardown(() => worker.stop());
  return { club, receiver, endpoint, worker, clock };
}

let n = 0;
const newMember = async (club: Tenant) => {
  const res = await club.call('POST', '/v1/club/members', { first_name: 'Ada', last_name: `Lovelace ${++n}`, birth_date: '2010-12-10', gender: 'female' });
  if (res.status !== 201) throw new Error(`member create answered ${res.status}`);
  return res.body.data.id as string;
};

const message = async (endpointId: string) => (await service.sql`
  select status, attempts from webhook_messages where endpoint_id = ${endpointId} order by change_id`);
const endpointRow = async (id: string) => (await service.sql`select status, disabled_reason from webhook_endpoints where id = ${id}`)[0]!;

t.test('a delivery is the feed row as GET …/changes shows it, signed so that standardwebhooks verifies it', async (t) => {
  const { club, receiver, endpoint, worker } = await setup(t);
  t.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]{32}$/);
  const memberId = await newMember(club);
  await worker.settle();
  t.equal(receiver.received.length, 1);
  const got = receiver.received[0]!;
  t.equal(got.headers['content-type'], 'application/json');
  const verified = new Webhook(endpoint.secret).verify(got.body, got.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> };
  const feed = await club.call('GET', '/v1/club/changes?limit=100');
  const row = feed.body.data.at(-1);
  t.same(verified, { type: 'member.created', timestamp: row.occurred_at, data: row }, 'type, timestamp and the row exactly as the feed shows it');
  t.match(row, { resource_type: 'member', resource_id: memberId, key_id: club.keyId });
  t.equal(got.headers['webhook-id'], `msg_${row.id}`);
  t.same(Object.keys(verified), ['type', 'timestamp', 'data'], 'nothing beyond the feed row');

  const headers = got.headers as Record<string, string>;
  t.throws(() => new Webhook(endpoint.secret).verify(got.body.replace('member', 'members'), headers), /signature/i, 'a tampered body is refused');
  t.throws(() => new Webhook(newWebhookSecret()).verify(got.body, headers), /signature/i, 'another secret is refused');
  t.throws(() => new Webhook(endpoint.secret).verify(got.body, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 600) }), /timestamp|signature/i, 'a moved timestamp is refused');
});

t.test('a delivery signed ten minutes ago is refused as too old', async (t) => {
  const { club, receiver, endpoint, worker } = await setup(t, { clockOffsetMs: -10 * 60_000 });
  await newMember(club);
  await worker.settle();
  const got = receiver.received[0]!;
  t.throws(() => new Webhook(endpoint.secret).verify(got.body, got.headers as Record<string, string>), /too old/);
});

t.test('--events filters by type; changes before the endpoint existed are not sent', async (t) => {
  const club = await createClub(service);
  const before = await newMember(club);
  const receiver = await startReceiver();
  t.teardown(() => receiver.close());
  const endpoint = await addTestEndpoint(service, club, receiver.base, ['member.archived']);
  const worker = await startWorker({ sql: service.sql, masterKey: service.masterKey, allowed: loopback, concurrency: 2, pollMs: 3_600_000, federations: [club.federationId] });
  t.teardown(() => worker.stop());
  const member = await newMember(club);
  t.equal((await club.call('POST', `/v1/club/members/${before}/archive`)).status, 200);
  await worker.settle();
  t.same(receiver.received.map((r) => JSON.parse(r.body).type), ['member.archived']);
  t.same(JSON.parse(receiver.received[0]!.body).data.resource_id, before);
  t.not(member, before);
  t.same(endpoint.events, ['member.archived']);
});

t.test('the retry schedule: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then failed; replay sends it again', async (t) => {
  const { club, receiver, endpoint, worker, clock } = await setup(t);
  receiver.answer = () => 500;
  await newMember(club);
  await worker.settle();
  t.equal(receiver.received.length, 1, 'the first attempt is immediate');
  for (const [i, delay] of retryDelaysMs.entries()) {
    clock.now += delay - 1000;
    await worker.settle();
    t.equal(receiver.received.length, i + 1, `attempt ${i + 2} is not made a second early`);
    clock.now += 1000;
    await worker.settle();
    t.equal(receiver.received.length, i + 2, `attempt ${i + 2} comes ${delay / 1000} s after the last`);
  }
  clock.now += 48 * 3600_000;
  await worker.settle();
  t.equal(receiver.received.length, 8, 'nothing after the eighth attempt');
  t.same(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size, 1, 'every attempt has the same webhook-id');
  t.same(await message(endpoint.id), [{ status: 'failed', attempts: 8 }]);
  const deliveries = await listDeliveries(service.sql, managed(club), endpoint.id);
  t.equal(deliveries.length, 8);
  t.match(deliveries[0], { status: 'failed', response_status: 500, next_attempt_at: null, message_status: 'failed' });
  t.match(deliveries[1], { status: 'failed', response_status: 500, attempt: 7 });
  t.ok(deliveries[1]!.next_attempt_at instanceof Date, 'a failed attempt that is not the last names the next try');
  t.equal((await listDeliveries(service.sql, managed(club), endpoint.id, { failed: true, limit: 3 })).length, 3);
  t.equal((await endpointRow(endpoint.id)).status, 'enabled', 'failing for 27 hours does not disable');

  receiver.answer = () => 204;
  const changeId = receiver.received[0]!.headers['webhook-id']!.toString().slice('msg_'.length);
  t.match(await replay(service.sql, managed(club), endpoint.id, String(Number(changeId) - 1)), { requeued: 1 });
  await worker.settle();
  t.equal(receiver.received.length, 9);
  t.equal(receiver.received[8]!.headers['webhook-id'], `msg_${changeId}`, 'a replay keeps the webhook-id');
  t.same(await message(endpoint.id), [{ status: 'succeeded', attempts: 1 }]);
});

t.test('an endpoint failing for 5 days is disabled', async (t) => {
  const { club, receiver, endpoint, worker, clock } = await setup(t);
  receiver.answer = () => 503;
  await newMember(club);
  await worker.settle();
  clock.now += 5 * 24 * 3600_000;
  await newMember(club);
  await worker.settle();
  t.match(await endpointRow(endpoint.id), { status: 'disabled', disabled_reason: 'every attempt failed for 5 days' });
});

t.test('410 disables the endpoint; enable resumes from where it stopped, in feed order, one at a time', async (t) => {
  const { club, receiver, endpoint, worker } = await setup(t);
  receiver.answer = () => 410;
  await newMember(club);
  await worker.settle();
  t.match(await endpointRow(endpoint.id), { status: 'disabled', disabled_reason: 'the endpoint answered 410 Gone' });
  for (let i = 0; i < 4; i++) await newMember(club);
  await worker.settle();
  t.equal(receiver.received.length, 1, 'a disabled endpoint hears nothing');

  let inFlight = 0;
  let most = 0;
  receiver.answer = async () => {
    most = Math.max(most, ++inFlight);
    await new Promise((r) => setTimeout(r, 20));
    inFlight--;
    return 200;
  };
  t.match(await enableEndpoint(service.sql, managed(club), endpoint.id), { status: 'enabled' });
  await worker.settle();
  const ids = receiver.received.slice(1).map((r) => Number(String(r.headers['webhook-id']).slice(4)));
  t.equal(ids.length, 5, 'the message 410 answered and the four made meanwhile');
  t.same(ids, [...ids].sort((a, b) => a - b), 'in feed order');
  t.equal(most, 1, 'one in flight per endpoint');
});

t.test('private, loopback and link-local addresses are refused at send time unless allow-listed (a host name is judged once resolved)', async (t) => {
  for (const url of [(r: Receiver) => r.base, (r: Receiver) => r.base.replace('127.0.0.1', 'localhost'), () => 'http://169.254.169.254/latest', () => 'http://10.1.2.3/x', () => 'http://[::1]:9/x']) {
    // Added while the configuration allowed every address: the guard at send time still refuses them.
    const { club, receiver, endpoint, worker } = await setup(t, { allowed: new BlockList(), addedUnder: parseRanges(['0.0.0.0/0', '::/0']), url });
    await newMember(club);
    await worker.settle();
    t.equal(receiver.received.length, 0);
    const [attempt] = await listDeliveries(service.sql, managed(club), endpoint.id);
    t.match(attempt, { status: 'failed', response_status: null, error: /^refused: \S+ is in \S+, (Loopback|Loopback Address|Link Local|Private-Use) \(RFC \d+\)$/ }, url({ base: 'http://127.0.0.1:1' } as Receiver));
  }
});

t.test('a rotated secret signs beside the new one for 24 hours', async (t) => {
  const { club, receiver, endpoint, worker, clock } = await setup(t);
  const rotated = await rotateSecret(service.sql, service.masterKey, managed(club), endpoint.id, clock.now);
  t.match(rotated.secret, /^whsec_/);
  t.not(rotated.secret, endpoint.secret);
  await newMember(club);
  await worker.settle();
  const got = receiver.received[0]!;
  const headers = got.headers as Record<string, string>;
  t.equal(headers['webhook-signature']!.split(' ').length, 2, 'two signatures');
  t.ok(new Webhook(rotated.secret).verify(got.body, headers), 'the new secret verifies');
  t.ok(new Webhook(endpoint.secret).verify(got.body, headers), 'the old secret verifies');

  clock.now += rotationWindowMs + 1000;
  await newMember(club);
  await worker.settle();
  const later = receiver.received[1]!;
  const id = String(later.headers['webhook-id']);
  const at = new Date(Number(later.headers['webhook-timestamp']) * 1000);
  t.equal(later.headers['webhook-signature'], new Webhook(rotated.secret).sign(id, at, later.body), 'after the window only the new secret signs');
});

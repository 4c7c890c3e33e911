// One workspace cannot take the delivery slots of the others: an attempt ends within its limit
// however slowly the answer trickles, and a workspace's endpoints hold at most its share of the
// instance's slots, so another federation's deliveries go out while they hang.
import t from 'tap';
import { ConfigError, loadConfig } from '../../src/config.js';
import { workspaceSlots } from '../../src/webhooks/shares.js';
import { listDeliveries } from '../../src/webhooks/registry.js';
import { startWorker } from '../../src/webhooks/worker.js';
import { createClub, type Tenant } from '../support/factories.js';
import { startService } from '../support/harness.js';
import { startTrickleReceiver, until } from '../support/trickle-receiver.js';
import { addTestEndpoint, loopback, managed, testPolicy } from '../support/webhook-endpoints.js';
import { startReceiver } from '../support/webhook-receiver.js';

const service = await startService(t);

let n = 0;
const newMember = async (club: Tenant) => {
  const res = await club.call('POST', '/v1/club/members', { first_name: 'Ada', last_name: `Trickle ${++n}`, birth_date: '2010-12-10', gender: 'female' });
  if (res.status !== 201) throw new Error(`member create answered ${res.status}`);
};

t.test('the share of a workspace: 25 % of the slots by default, at least one', async (t) => {
  t.equal(workspaceSlots(16, 25), 4);
  t.equal(workspaceSlots(2, 25), 1);
  t.equal(workspaceSlots(16, 100), 16);
  const env = { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, WEBHOOK_CONCURRENCY: '', WEBHOOK_WORKSPACE_SHARE: '', WEBHOOK_ENDPOINTS_MAX: '' };
  t.match(loadConfig(env).webhooks, { concurrency: 16, workspaceShare: 25, endpointsMax: 10 });
  t.throws(() => loadConfig({ ...env, WEBHOOK_WORKSPACE_SHARE: '0' }), new ConfigError('WEBHOOK_WORKSPACE_SHARE must be an integer from 1 to 100, got "0"'));
  t.throws(() => loadConfig({ ...env, WEBHOOK_ENDPOINTS_MAX: '0' }), new ConfigError('WEBHOOK_ENDPOINTS_MAX must be an integer from 1 to 1000, got "0"'));
});

t.test('an answer trickling one byte at a time is cut at the attempt limit, counted from the start', async (t) => {
  const club = await createClub(service);
  const trickle = await startTrickleReceiver(100, 10_000);
  t.teardown(() => trickle.close());
  const endpoint = await addTestEndpoint(service, club, `${trickle.base}/slow`);
  const worker = await startWorker({ sql: service.sql, masterKey: service.masterKey, allowed: loopback, concurrency: 4, pollMs: 3_600_000, timeoutMs: 1_000, federations: [club.federationId] });
  t.teardown(() => worker.stop());
  await newMember(club);
  await worker.settle();
  t.ok(trickle.sent >= 2, `bytes kept arriving during the attempt (${trickle.sent})`);
  t.equal(trickle.ended, 1, 'the sender closed the answer');
  const [attempt] = await listDeliveries(service.sql, managed(club), endpoint.id);
  t.match(attempt, { status: 'failed', response_status: null, error: 'no complete answer within 1 s' });
  t.ok(attempt!.duration_ms >= 1_000 && attempt!.duration_ms < 100 * 10_000, 'ended by the whole-attempt timer, long before the body would have been complete');
});

t.test('17 trickling endpoints of one club hold its share of the slots; another federation is delivered meanwhile', async (t) => {
  const hostile = await createClub(service);
  const bystander = await createClub(service);
  const trickle = await startTrickleReceiver(1000);
  t.teardown(() => trickle.close());
  const receiver = await startReceiver();
  t.teardown(() => receiver.close());
  for (let i = 0; i < 17; i++) await addTestEndpoint(service, hostile, `${trickle.base}/${i}`, undefined, { ...testPolicy, endpointsMax: 20 });
  await addTestEndpoint(service, bystander, `${receiver.base}/hook`);
  const worker = await startWorker({
    sql: service.sql, masterKey: service.masterKey, allowed: loopback, concurrency: 16, workspaceShare: 25, pollMs: 50,
    federations: [hostile.federationId, bystander.federationId],
  });
  t.teardown(() => worker.stop());

  await newMember(hostile);
  await until(() => trickle.open === 4, 'the hostile club to hold its share');
  for (let i = 0; i < 3; i++) await newMember(bystander);
  await receiver.waitFor(3);
  t.equal(trickle.ended, 0, 'every bystander message arrived while the trickling attempts were still open');
  t.equal(trickle.open, 4);
  t.equal(trickle.most, 4, 'the hostile club never held more than 4 of the 16 slots');
  const messages = await service.sql<{ status: string; attempts: number }[]>`
    select m.status, m.attempts from webhook_messages m join webhook_endpoints e on e.id = m.endpoint_id where e.workspace_id = ${hostile.id}`;
  t.equal(messages.length, 17);
  t.equal(messages.filter((m) => m.status === 'sending').length, 4);
  t.equal(messages.filter((m) => m.status === 'pending' && m.attempts === 0).length, 13, 'the other 13 wait for their own club\'s slots');
  await trickle.close();
});

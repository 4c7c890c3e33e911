// Several instances share the deliveries through Postgres: each attempt is made by one of them,
// and an instance killed in the middle of an attempt leaves the message to be tried again.
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPool } from '../../src/db/pool.js';
import { parseRanges } from '../../src/webhooks/addresses.js';
import { leaseMs } from '../../src/webhooks/schedule.js';
import { startWorker } from '../../src/webhooks/worker.js';
import { createClub, createFederation, type Tenant } from '../support/factories.js';
import { privateDatabase, startService } from '../support/harness.js';
import { baseEnv, start } from '../support/processes.js';
import { addTestEndpoint } from '../support/webhook-endpoints.js';
import { startReceiver } from '../support/webhook-receiver.js';
import { startTrickleReceiver, until } from '../support/trickle-receiver.js';

// A database of its own: the instance this file starts serves every federation's deliveries, and
// killed in the middle of a pass it would leave other files' messages claimed for a lease.
const url = await privateDatabase(t, 'webhook_instances');
const service = await startService(t, {}, undefined, { databaseUrl: url });
const loopback = parseRanges(['127.0.0.0/8']);

const newMember = (club: Tenant, i: number) =>
  club.call('POST', '/v1/club/members', { first_name: 'Grace', last_name: `Hopper ${i}`, birth_date: '2011-01-02', gender: 'female' });

t.test('two instances deliver every message once between them', async (t) => {
  const federation = await createFederation(service);
  const clubs = await Promise.all([1, 2, 3, 4].map(() => createClub(service, federation)));
  const receiver = await startReceiver();
  t.teardown(() => receiver.close());
  receiver.answer = () => new Promise((r) => setTimeout(() => r(200), 5));
  for (const club of clubs) await addTestEndpoint(service, club, `${receiver.base}/${club.id}`);
  const workers = await Promise.all([1, 2].map(async () => {
    const sql = createPool(url, 3);
    t.teardown(() => sql.end({ timeout: 1 }));
    const worker = await startWorker({ sql, masterKey: service.masterKey, allowed: loopback, concurrency: 4, pollMs: 20, federations: [federation.id] });
    t.teardown(() => worker.stop());
    return worker;
  }));
  for (let i = 0; i < 10; i++) await Promise.all(clubs.map((club) => newMember(club, i)));
  await receiver.waitFor(40);
  await Promise.all(workers.map((w) => w.settle()));
  const ids = receiver.received.map((r) => `${r.path} ${r.headers['webhook-id']}`);
  t.equal(ids.length, 40, 'forty deliveries');
  t.equal(new Set(ids).size, 40, 'no message twice');
  const [{ attempts }] = await service.sql<[{ attempts: number }]>`
    select count(*)::int as attempts from webhook_attempts a join webhook_endpoints e on e.id = a.endpoint_id where e.federation_id = ${federation.id}`;
  t.equal(attempts, 40, 'one recorded attempt per message');
});

t.test('an instance killed with SIGKILL during an attempt leaves the message to another, with the same webhook-id', async (t) => {
  const club = await createClub(service);
  const receiver = await startReceiver();
  t.teardown(() => receiver.close());
  let release!: () => void;
  receiver.answer = () => new Promise<number>((resolve) => (release = () => resolve(200)));
  const endpoint = await addTestEndpoint(service, club, receiver.base);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'webhooks-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  const child = start('partner-service', ['serve'], baseEnv({
    DATABASE_URL: url, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent',
    WEBHOOK_CONCURRENCY: '4', WEBHOOK_POLL_MS: '50', WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_ADDRESSES: '127.0.0.0/8',
  }));
  t.teardown(() => { child.kill('SIGKILL'); });
  await newMember(club, 1);
  await receiver.waitFor(1, 20_000);
  child.kill('SIGKILL');
  await child.output;
  release();
  const [claimed] = await service.sql`select status, attempts from webhook_messages where endpoint_id = ${endpoint.id}`;
  t.match(claimed, { status: 'sending', attempts: 1 }, 'the killed attempt left its claim');

  const sql = createPool(url, 2);
  t.teardown(() => sql.end({ timeout: 1 }));
  const clock = { now: Date.now() };
  const worker = await startWorker({ sql, masterKey: service.masterKey, allowed: loopback, concurrency: 2, pollMs: 3_600_000, clock: () => clock.now, federations: [club.federationId] });
  t.teardown(() => worker.stop());
  receiver.answer = () => 200;
  await worker.settle();
  t.equal(receiver.received.length, 1, 'not taken over while the lease lasts');
  clock.now += leaseMs + 1000;
  await worker.settle();
  t.equal(receiver.received.length, 2, 'tried again once the lease lapsed');
  t.equal(receiver.received[1]!.headers['webhook-id'], receiver.received[0]!.headers['webhook-id']);
  const [done] = await service.sql`select status, attempts from webhook_messages where endpoint_id = ${endpoint.id}`;
  t.match(done, { status: 'succeeded', attempts: 2 });
});

t.test('each instance holds a workspace to its share of that instance\'s slots', async (t) => {
  const club = await createClub(service);
  const trickle = await startTrickleReceiver(1000);
  t.teardown(() => trickle.close());
  for (let i = 0; i < 3; i++) await addTestEndpoint(service, club, `${trickle.base}/${i}`);
  // 4 slots and a 25 % share: one attempt of the club in each instance.
  for (let i = 0; i < 2; i++) {
    const sql = createPool(url, 2);
    t.teardown(() => sql.end({ timeout: 1 }));
    const worker = await startWorker({ sql, masterKey: service.masterKey, allowed: loopback, concurrency: 4, workspaceShare: 25, pollMs: 20, federations: [club.federationId] });
    t.teardown(() => worker.stop());
  }
  await newMember(club, 1);
  await until(() => trickle.open === 2, 'one attempt in each instance');
  await new Promise((r) => setTimeout(r, 200));
  t.equal(trickle.most, 2, 'never a second attempt of the club in one instance');
  const [{ sending }] = await service.sql<[{ sending: number }]>`
    select count(*)::int as sending from webhook_messages m join webhook_endpoints e on e.id = m.endpoint_id where e.workspace_id = ${club.id} and m.status = 'sending'`;
  t.equal(sending, 2);
  await trickle.close();
});

// On the Citus cluster, two serving instances, each with its delivery worker as `serve` starts
// it (every federation, listening), share the deliveries: every message is delivered once.
import t from 'tap';
import { privateCitusDatabase } from '../support/citus.js';
import { resetRouting, statementErrors } from '../support/citus-routing.js';
import { createClub, createFederation, type Tenant } from '../support/factories.js';
import { request, startService, type Service } from '../support/harness.js';
import { addTestEndpoint } from '../support/webhook-endpoints.js';
import { startReceiver } from '../support/webhook-receiver.js';
import { setTimeout as sleep } from 'node:timers/promises';

// A database of its own: the workers serve every federation in it.
const url = await privateCitusDatabase(t, 'webhooks');
const env = { WEBHOOK_CONCURRENCY: '4', WEBHOOK_POLL_MS: '20', WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_ADDRESSES: '127.0.0.0/8' };
const instances = [await startService(t, env, undefined, { databaseUrl: url }), await startService(t, env, undefined, { databaseUrl: url })];
const [service] = instances;

/** A member created through `instance`. */
const newMember = (instance: Service, club: Tenant, i: number) =>
  request(instance.url, 'POST', '/v1/club/members', { key: club.key, body: { first_name: 'Grace', last_name: `Hopper ${i}`, birth_date: '2011-01-02', gender: 'female' } });

t.test('two instances deliver every message once between them', async (t) => {
  const federation = await createFederation(service!);
  const clubs = await Promise.all([1, 2, 3, 4].map(() => createClub(service!, federation)));
  const receiver = await startReceiver();
  t.teardown(() => receiver.close());
  receiver.answer = () => new Promise((r) => setTimeout(() => r(200), 5));
  for (const club of clubs) await addTestEndpoint(service!, club, `${receiver.base}/${club.id}`);
  await resetRouting(service!.sql);
  const statuses = new Set<number>();
  // Half of the writes through each instance.
  for (let i = 0; i < 10; i++) await Promise.all(clubs.map(async (club, c) => statuses.add((await newMember(instances[c % 2]!, club, i)).status)));
  t.same([...statuses], [201], 'forty changes written');
  const open = async () => (await service!.sql<{ n: number }[]>`
    select count(*)::int as n from webhook_messages where federation_id = ${federation.id} and status <> 'succeeded'`)[0]!.n;
  const until = Date.now() + 20_000;
  let left = -1;
  while (Date.now() < until && ((left = await open()) > 0 || receiver.received.length < 40)) await sleep(50);
  const errors = await statementErrors(service!.sql);
  const [{ messages }] = await service!.sql<[{ messages: number }]>`select count(*)::int as messages from webhook_messages where federation_id = ${federation.id}`;
  t.equal(messages, 40, 'a message per change and endpoint', { errors });
  t.equal(left, 0, 'every message succeeded', { errors });
  const ids = receiver.received.map((r) => `${r.path} ${r.headers['webhook-id']}`);
  t.equal(ids.length, 40, 'forty deliveries', { errors });
  t.equal(new Set(ids).size, 40, 'no message twice');
  const [{ attempts }] = await service!.sql<[{ attempts: number }]>`
    select count(*)::int as attempts from webhook_attempts where federation_id = ${federation.id}`;
  t.equal(attempts, 40, 'one recorded attempt per message');
});

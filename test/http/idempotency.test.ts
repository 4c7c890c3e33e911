import t from 'tap';
import { purgeIdempotency } from '../../src/resources/idempotency-keys.js';
import { startService } from '../support/harness.js';
import { ageIdempotencyKey, createClub } from '../support/factories.js';
import { createThingsTable, table } from './pipeline-table.js';

const service = await startService(t, {}, table);
await createThingsTable(service.sql);
const things = async (clubId: string) => (await service.sql`select count(*)::int as n from test_things where club_id = ${clubId}`)[0]!.n;

t.test('a retry replays the stored response and does nothing else', async (t) => {
  const club = await createClub(service);
  const first = await club.call('POST', '/v1/club/things', { name: 'net' }, { headers: { 'idempotency-key': 'order-1' } });
  t.equal(first.status, 201);
  t.equal(first.headers.get('idempotent-replayed'), null);
  const again = await club.call('POST', '/v1/club/things', { name: 'net' }, { headers: { 'idempotency-key': 'order-1' } });
  t.equal(again.status, 201);
  t.equal(again.headers.get('idempotent-replayed'), 'true');
  t.same(again.body, first.body);
  t.equal(again.headers.get('location'), first.headers.get('location'));
  t.equal(await things(club.id), 1);
  const feed = await club.call('GET', '/v1/club/changes');
  t.equal(feed.body.data.length, 1, 'one change');
});

t.test('the same key for another request is 422; keys are per credential', async (t) => {
  const club = await createClub(service);
  await club.call('POST', '/v1/club/things', { name: 'a' }, { headers: { 'idempotency-key': 'k' } });
  const reused = await club.call('POST', '/v1/club/things', { name: 'b' }, { headers: { 'idempotency-key': 'k' } });
  t.equal(reused.status, 422);
  t.equal(reused.body.code, 'idempotency_key_reused');
  const other = await createClub(service);
  t.equal((await other.call('POST', '/v1/club/things', { name: 'b' }, { headers: { 'idempotency-key': 'k' } })).status, 201);
  t.equal(await things(club.id), 1);
});

t.test('concurrent duplicates: exactly one side effect', async (t) => {
  const club = await createClub(service);
  const results = await Promise.all(Array.from({ length: 12 }, () =>
    club.call('POST', '/v1/club/things', { name: 'race' }, { headers: { 'idempotency-key': 'race-1' } })));
  const statuses = results.map((r) => r.status);
  t.ok(statuses.every((s) => s === 201 || s === 409), statuses.join(','));
  t.ok(results.filter((r) => r.status === 409).every((r) => r.body.code === 'idempotency_key_in_use'));
  const created = results.filter((r) => r.status === 201);
  t.ok(created.length >= 1);
  t.equal(new Set(created.map((r) => r.body.data.id)).size, 1, 'every 201 names the same resource');
  t.equal(await things(club.id), 1);
});

t.test('a claim left running by a crashed request is 409 for a minute, then taken over by its retry', async (t) => {
  const club = await createClub(service);
  const thing = { name: 'crash' };
  const post = () => club.call('POST', '/v1/club/things', thing, { headers: { 'idempotency-key': 'crashed-1' } });
  t.equal((await post()).status, 201);
  // As a request that claimed the key and died before its commit leaves it: running, no answer, no effect.
  await service.sql`delete from test_things where club_id = ${club.id}`;
  await service.sql`
    update idempotency_keys set state = 'running', response_status = null, response_body = null, response_headers = null
    where federation_id = ${club.federationId} and key = 'crashed-1'`;
  const running = await post();
  t.equal(running.status, 409);
  t.equal(running.body.code, 'idempotency_key_in_use');
  await service.sql`update idempotency_keys set created_at = now() - interval '61 seconds' where federation_id = ${club.federationId} and key = 'crashed-1'`;
  const taken = await post();
  t.equal(taken.status, 201);
  t.equal(taken.headers.get('idempotent-replayed'), null);
  const again = await post();
  t.equal(again.headers.get('idempotent-replayed'), 'true', 'the new answer is stored under the key');
  t.same(again.body, taken.body);
  t.equal(await things(club.id), 1);
});

t.test('5xx answers are not stored; malformed keys are refused', async (t) => {
  const club = await createClub(service);
  for (let i = 0; i < 2; i++) {
    const res = await club.call('POST', '/v1/club/boom', {}, { headers: { 'idempotency-key': 'boom' } });
    t.equal(res.status, 500, 'the handler runs again');
    t.equal(res.headers.get('idempotent-replayed'), null);
  }
  t.equal((await service.sql`select count(*)::int as n from idempotency_keys where key = 'boom'`)[0]!.n, 0);
  for (const key of ['x'.repeat(256), 'with space', 'tab\there']) {
    const res = await club.call('POST', '/v1/club/things', { name: 'k' }, { headers: { 'idempotency-key': key } });
    t.equal(res.body.code, 'invalid_request', JSON.stringify(key));
  }
  t.equal(await things(club.id), 0);
});

t.test('records are purged after 24 h', async (t) => {
  const club = await createClub(service);
  await club.call('POST', '/v1/club/things', { name: 'old' }, { headers: { 'idempotency-key': 'old' } });
  await ageIdempotencyKey(service, 'old', 25);
  await purgeIdempotency(service.sql);
  const again = await club.call('POST', '/v1/club/things', { name: 'old' }, { headers: { 'idempotency-key': 'old' } });
  t.equal(again.headers.get('idempotent-replayed'), null, 'a purged key starts afresh');
  t.equal(await things(club.id), 2);
});

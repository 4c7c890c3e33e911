// One workspace uses at most its share of the instance's database (DB_WORKSPACE_SHARE): its
// hundred requests waiting on a locked row leave the rest of the pool to everyone else.
import t from 'tap';
import { createClub, createMember } from '../support/factories.js';
import { databaseUrl, postgres, startService, type Response } from '../support/harness.js';
import { holdFeedLock, holdMemberLock, waitingBehind } from '../support/locks.js';
import { scrape } from '../support/prometheus.js';

// A deadline longer than the test: the hundred stay in flight until the row is unlocked.
const service = await startService(t, { DB_DEADLINE_MS: '60000', DB_WORKSPACE_SHARE: '2' }, undefined, { poolMax: 4 });
const hostile = await createClub(service);
const bystander = await createClub(service);
const hotMember = await createMember(service, hostile);
const ownMember = await createMember(service, bystander);
const holder = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
t.teardown(() => holder.end({ timeout: 1 }));

t.test('100 requests of one workspace waiting on a locked row hold its share only; another workspace\'s reads and writes are all served meanwhile', async (t) => {
  const lock = await holdMemberLock(holder, hotMember);
  const waitingOnLock = () => waitingBehind(service.sql, lock.pid);

  let settled = 0;
  const held = Array.from({ length: 100 }, (_, i) =>
    hostile.call('PATCH', `/v1/club/members/${hotMember}`, { first_name: `Held${i}` }).finally(() => settled++));
  while ((await waitingOnLock()) < 2) await new Promise((r) => setTimeout(r, 20));

  const served: Response[] = [];
  for (let round = 0; round < 5; round++) {
    served.push(...await Promise.all([
      bystander.call('GET', '/v1/club/members'),
      bystander.call('GET', `/v1/club/members/${ownMember}`),
      bystander.call('GET', '/v1/me'),
      bystander.call('POST', '/v1/club/members', { first_name: 'Other', last_name: `Tenant${round}`, birth_date: '2001-02-03', gender: 'female' }),
      bystander.call('PATCH', `/v1/club/members/${ownMember}`, { first_name: `Round${round}` }),
    ]));
  }
  const lockWaiters = await waitingOnLock();
  const settledMeanwhile = settled;
  await lock.unlock();
  const answers = await Promise.all(held);

  t.same([...new Set(served.map((r) => Math.floor(r.status / 100)))], [2], `${served.length} requests of the other workspace, every one 2xx`);
  t.equal(settledMeanwhile, 0, 'all of them were answered while none of the hundred had been');
  t.equal(lockWaiters, 2, 'the hundred held two connections, their workspace\'s share');
  t.same([...new Set(answers.map((r) => r.status))], [200], 'once the row is free the hundred are served in turn');
});

t.test('past its share, a request waits no longer than its deadline: 503 with Retry-After', async (t) => {
  const short = await startService(t, { DB_DEADLINE_MS: '1000', DB_WORKSPACE_SHARE: '1' }, undefined, { poolMax: 4 });
  const club = await createClub(short);
  const member = await createMember(short, club);
  const lock = await holdMemberLock(holder, member);
  const answers = await Promise.all(Array.from({ length: 5 }, () => club.call('PATCH', `/v1/club/members/${member}`, { first_name: 'Late' })));
  await lock.unlock();
  t.same([...new Set(answers.map((r) => `${r.status} ${r.headers.get('retry-after')}`))], ['503 1'], 'the one waiting on the lock and the four waiting for the share alike');
});

t.test('unset, a workspace\'s share of a pool of 10 is a quarter of it: 2 connections', async (t) => {
  const shipped = await startService(t, { DB_DEADLINE_MS: '60000' }, undefined, { poolMax: 10 });
  const club = await createClub(shipped);
  const member = await createMember(shipped, club);
  const lock = await holdMemberLock(holder, member);
  const waitingOnLock = () => waitingBehind(service.sql, lock.pid);
  const held = Array.from({ length: 20 }, (_, i) => club.call('PATCH', `/v1/club/members/${member}`, { first_name: `Held${i}` }));
  while ((await waitingOnLock()) < 2) await new Promise((r) => setTimeout(r, 20));
  // Twenty were sent: past the share, more would be waiting on the lock by now.
  await new Promise((r) => setTimeout(r, 300));
  const lockWaiters = await waitingOnLock();
  await lock.unlock();
  const answers = await Promise.all(held);
  t.equal(lockWaiters, 2, 'two of the twenty waited on the lock, the rest for their share');
  t.same([...new Set(answers.map((r) => r.status))], [200], 'once the row is free all twenty are served');
});

t.test('a share above the pool\'s size is honoured: 6 polls of one workspace use a read pool of 2 at once, queued on its two connections, and the 7th and 8th wait for their share', async (t) => {
  const wide = await startService(t, { DB_DEADLINE_MS: '60000', DB_WORKSPACE_SHARE: '6', METRICS_PORT: '0' }, undefined, { poolMax: 2 });
  const club = await createClub(wide);
  const lock = await holdFeedLock(holder, club.federationId);
  const polls = Array.from({ length: 8 }, () => club.call('GET', '/v1/club/changes'));
  let s = await scrape(wide.metricsUrl!);
  while (s.value('partner_database_requests_in_flight')! + s.value('partner_database_share_waiting')! < 8) s = await scrape(wide.metricsUrl!);
  while ((await waitingBehind(service.sql, lock.pid)) < 2) await new Promise((r) => setTimeout(r, 20));
  const backendsWaiting = await waitingBehind(service.sql, lock.pid);
  await lock.unlock();
  t.equal(s.value('partner_database_requests_in_flight'), 6, 'six use the database');
  t.equal(s.value('partner_database_share_waiting'), 2, 'two wait for their workspace\'s share');
  t.equal(backendsWaiting, 2, 'on the read pool\'s two connections: the other four are queued on them');
  t.same([...new Set((await Promise.all(polls)).map((r) => r.status))], [200], 'once the feed moves on all eight are served');
});

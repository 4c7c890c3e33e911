// A request that outruns its deadline: its statement is cancelled at once, its transaction rolls
// back and its connection goes back to the pool clean; the instance does not call the database down.
import t from 'tap';
import { createLog } from '../../src/http/log.js';
import { createClub, createMember } from '../support/factories.js';
import { postgres, privateDatabase, startService } from '../support/harness.js';
import { holdMemberLock } from '../support/locks.js';

const lines: string[] = [];
// A database of its own: the sessions counted below are this file's, whatever other files hold.
const url = await privateDatabase(t, 'deadline');
const service = await startService(t, { DB_DEADLINE_MS: '1000' }, undefined, { databaseUrl: url, log: createLog('info', (l) => lines.push(l)) });
const club = await createClub(service);
const memberId = await createMember(service, club);
const holder = postgres(url, { max: 1, onnotice: () => {} });
t.teardown(() => holder.end({ timeout: 1 }));

const stuck = () => service.sql<{ n: number }[]>`
  select count(*)::int as n from pg_stat_activity
  where application_name = 'partner-service' and datname = current_database()
    and (state like 'idle in transaction%' or wait_event_type = 'Lock')`;

t.test('a write waiting on a held row lock past its deadline: 503, cancelled, nothing left idle in transaction', async (t) => {
  const lock = await holdMemberLock(holder, memberId);
  const started = Date.now();
  const res = await club.call('PATCH', `/v1/club/members/${memberId}`, { first_name: 'Late' });
  t.equal(res.status, 503);
  t.match(res.body.detail, /did not answer in time/);
  t.ok(Date.now() - started < 2500, `answered at the deadline, not when the lock frees (${Date.now() - started} ms)`);
  // Within 1 s, no session of the service waits on the lock or sits in a transaction.
  let left = -1;
  const until = Date.now() + 1000;
  while (Date.now() < until && (left = (await stuck())[0]!.n) > 0) await new Promise((r) => setTimeout(r, 50));
  t.equal(left, 0, 'no session of the service waits or idles in a transaction');
  await lock.unlock();
  const after = await club.call('GET', `/v1/club/members/${memberId}`);
  t.not(after.body.data.first_name, 'Late', 'the overrun write did not commit');
  const write = await club.call('PATCH', `/v1/club/members/${memberId}`, { first_name: 'OnTime' });
  t.equal(write.status, 200, 'the next write goes through on the same pool');
});

t.test('an overrun is that request\'s 503, not an instance-wide "database unreachable"', async (t) => {
  const me = await club.call('GET', '/v1/me');
  t.equal(me.status, 200, 'the next request is served, not refused by the breaker');
  t.notOk(lines.some((l) => l.includes('"database unreachable"')), 'no database-unreachable line was logged');
  t.ok(lines.some((l) => l.includes('"status":503')), 'the overrun itself was logged as a 503');
});

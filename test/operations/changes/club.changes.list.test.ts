// The feed's order under concurrent writers: a write still committing does not hold up other
// writers, and a poller never skips its change (its id is smaller than a change committed before it).
import t from 'tap';
import { sendInOrder } from '../../../src/db/driver.js';
import { changeStatements } from '../../../src/resources/changes.js';
import { startService } from '../../support/harness.js';
import { createClub } from '../../support/factories.js';
import { setTimeout as sleep } from 'node:timers/promises';

const service = await startService(t);
const member = { first_name: 'Anna', last_name: 'de Vries', birth_date: '2010-04-02', gender: 'female' };

t.test('a poller waits for the write that holds a smaller id, then sees both in id order', async (t) => {
  const club = await createClub(service);
  const workspace = { id: club.id, kind: 'club' as const, federationId: club.federationId };
  const [credential] = await service.sql<{ id: string }[]>`select id from credentials where key_id = ${club.keyId}`;

  let commitSlow!: () => void;
  const slowCommitted = new Promise<void>((resolve) => (commitSlow = resolve));
  let slowAppended!: () => void;
  const appended = new Promise<void>((resolve) => (slowAppended = resolve));
  // A write that has its change row (and id) but has not committed yet.
  const slow = service.sql.begin(async (tx) => {
    await sendInOrder(changeStatements(tx, workspace, credential!.id, 'req_slow', [{ type: 'member', id: '1', action: 'updated', version: 2, audience: { workspaces: [club.id] } }]));
    slowAppended();
    await slowCommitted;
  });
  await appended;

  const created = await club.call('POST', '/v1/club/members', member);
  t.equal(created.status, 201, 'another write of the federation commits meanwhile');

  let polled = false;
  const poll = club.call('GET', '/v1/club/changes').finally(() => (polled = true));
  await sleep(300);
  t.notOk(polled, 'the poll waits while a smaller id is uncommitted');
  commitSlow();
  await slow;

  const feed = (await poll).body.data as { id: string; request_id: string }[];
  t.same(feed.map((c) => c.request_id), ['req_slow', created.headers.get('x-request-id')], 'both, in id order');
  t.ok(BigInt(feed[0]!.id) < BigInt(feed[1]!.id), 'the slow write holds the smaller id');
});

// The database's history as the service records it (sql/00022): one record per system and
// timeline, and a new history begun by hand (`feed_history_follow(true)`, the operator's step after
// a restore the timeline cannot show) moves every id past the gap without resetting a poller whose
// position exists.
import t from 'tap';
import { followHistory } from '../../src/db/history.js';
import { createClub } from '../support/factories.js';
import { privateDatabase, startService } from '../support/harness.js';
import { addTestEndpoint } from '../support/webhook-endpoints.js';

const service = await startService(t, {}, undefined, { databaseUrl: await privateDatabase(t, 'history') });
const member = { first_name: 'Ada', last_name: 'Lovelace', birth_date: '2010-12-10', gender: 'female' };

t.test('the same server is one history, however often it is compared', async (t) => {
  t.equal(await followHistory(service.sql), false);
  t.equal(await followHistory(service.sql), false);
  const rows = await service.sql`select previous_last from feed_histories`;
  t.equal(rows.length, 1);
  t.equal(rows[0]!.previous_last, null, 'the first record has no previous history');
});

t.test('a history begun by hand: ids past the gap, feed.reset queued, a held position still served', async (t) => {
  const club = await createClub(service);
  const created = await club.call('POST', '/v1/club/members', member);
  const position = (await club.call('GET', '/v1/club/changes')).body.data.at(-1).id as string;
  await addTestEndpoint(service, club, 'http://127.0.0.1:9/hook');

  const [{ began }] = await service.sql<[{ began: boolean }]>`select feed_history_follow(true) as began`;
  t.equal(began, true);
  const [history] = await service.sql<{ previous_last: string; first_id: string }[]>`select previous_last::text, first_id::text from feed_histories order by id desc limit 1`;
  t.ok(BigInt(history!.first_id) - BigInt(history!.previous_last) >= 2n ** 32n, 'a gap of at least 2^32');

  t.equal((await club.call('GET', `/v1/club/changes?after=${position}`)).status, 200, 'a position that exists is served as before');
  const next = await club.call('POST', '/v1/club/members', member);
  t.ok(BigInt(next.body.data.id) > BigInt(created.body.data.id) + 2n ** 32n, 'the next member id is past the gap');
  const changes = (await club.call('GET', `/v1/club/changes?after=${position}`)).body.data as { id: string }[];
  t.equal(changes.length, 1);
  t.ok(BigInt(changes[0]!.id) > BigInt(history!.first_id), 'the next change id is past the gap');
  const inGap = (BigInt(history!.previous_last) + 10n).toString();
  t.match((await club.call('GET', `/v1/club/changes?after=${inGap}`)).body, { code: 'feed_reset', resume_after: position }, 'a position inside the gap was never handed out');

  const [message] = await service.sql<{ change_id: string; body: string }[]>`
    select change_id::text, body from webhook_messages where endpoint_id in (select id from webhook_endpoints where workspace_id = ${club.id}) order by change_id limit 1`;
  t.equal(message!.change_id, history!.first_id, 'the reset message takes the gap\'s first id: msg_<first id> is new');
  t.match(JSON.parse(message!.body), { type: 'feed.reset', data: { resume_after: position } });
});

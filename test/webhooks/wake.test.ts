// The delivery workers are woken at commit by the write whose changes an enabled endpoint follows:
// NOTIFY webhook_changes, sent by the change recorder's own statement (no trigger: sql/00026).
// A write nobody follows sends nothing. Each check ends with a marker notification sent after the
// write's commit: notifications reach a listener in commit order, so what the write sent has
// arrived by the time the marker does. A database of its own: no other file's writes notify here.
import t from 'tap';
import { createClub, createFederation, type Tenant } from '../support/factories.js';
import { privateDatabase, startService } from '../support/harness.js';
import { addTestEndpoint, managed } from '../support/webhook-endpoints.js';
import { enableEndpoint, removeEndpoint } from '../../src/webhooks/registry.js';

const service = await startService(t, {}, undefined, { databaseUrl: await privateDatabase(t, 'wake') });

const heard: string[] = [];
const listening = await service.sql.listen('webhook_changes', (payload) => heard.push(payload));
t.teardown(() => listening.unlisten());

let markers = 0;
/** The wake-ups `write` sent: the notifications heard from its start to a marker sent after it. */
async function wakeUps(write: () => Promise<unknown>): Promise<number> {
  heard.length = 0;
  await write();
  const marker = `marker ${++markers}`;
  await service.sql`select pg_notify('webhook_changes', ${marker})`;
  while (!heard.includes(marker)) await new Promise((resolve) => setTimeout(resolve, 5));
  return heard.filter((payload) => payload !== marker).length;
}

let n = 0;
const newMember = (club: Tenant) => club.call('POST', '/v1/club/members', { first_name: 'Ada', last_name: `Lovelace ${++n}`, birth_date: '2010-12-10', gender: 'female' })
  .then((res) => t.equal(res.status, 201));

t.test('a write an enabled endpoint follows wakes the workers once; one nobody follows does not', async (t) => {
  const federation = await createFederation(service);
  const followed = await createClub(service, federation);
  const unfollowed = await createClub(service, federation);
  t.equal(await wakeUps(() => newMember(followed)), 0, 'no endpoint yet');
  const endpoint = await addTestEndpoint(service, followed, 'http://127.0.0.1:9/hook');
  t.equal(await wakeUps(() => newMember(followed)), 1, 'the followed club\'s write');
  t.equal(await wakeUps(() => newMember(unfollowed)), 0, 'another club of the federation');
  await service.sql`update webhook_endpoints set status = 'disabled' where federation_id = ${federation.id} and id = ${endpoint.id}`;
  t.equal(await wakeUps(() => newMember(followed)), 0, 'a disabled endpoint follows nothing');
  await enableEndpoint(service.sql, managed(followed), endpoint.id);
  t.equal(await wakeUps(() => newMember(followed)), 1, 'enabled again');
  await removeEndpoint(service.sql, managed(followed), endpoint.id);
  t.equal(await wakeUps(() => newMember(followed)), 0, 'removed');
});

t.test('a federation\'s change every club reads wakes the workers for a club\'s endpoint', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const season = (name: string) => () => federation.call('POST', '/v1/federation/seasons', { name, starts_on: `${name}-01-01`, ends_on: `${name}-12-31` })
    .then((res) => t.equal(res.status, 201));
  t.equal(await wakeUps(season('2041')), 0, 'no endpoint in the federation');
  await addTestEndpoint(service, club, 'http://127.0.0.1:9/hook');
  t.equal(await wakeUps(season('2042')), 1, 'the club hears of the season');
});

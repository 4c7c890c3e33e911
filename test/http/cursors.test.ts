// Cursors are the app's, keyed from its master key and bound to the workspace that was given them.
import { randomBytes } from 'node:crypto';
import t from 'tap';
import { createClub, createFederation, createMember, type Tenant } from '../support/factories.js';
import { databaseUrl, postgres, startService, type Service } from '../support/harness.js';

const service = await startService(t);

async function firstCursor(club: Tenant): Promise<string> {
  const res = await club.call('GET', '/v1/club/members?limit=1');
  t.equal(res.status, 200);
  return res.body.meta.next_cursor as string;
}

t.test('club A\'s cursor sent by club B of the same federation is 400 invalid_cursor', async (t) => {
  const federation = await createFederation(service);
  const a = await createClub(service, federation);
  const b = await createClub(service, federation);
  for (const club of [a, b]) for (let i = 0; i < 2; i++) await createMember(service, club);
  const cursor = await firstCursor(a);
  const own = await a.call('GET', `/v1/club/members?limit=1&cursor=${cursor}`);
  t.equal(own.status, 200, 'club A reads its next page');
  t.equal(own.body.data.length, 1);
  const stolen = await b.call('GET', `/v1/club/members?limit=1&cursor=${cursor}`);
  t.equal(stolen.status, 400);
  t.equal(stolen.body.code, 'invalid_cursor');
});

t.test('two apps with different master keys in one process each refuse the other\'s cursor', async (t) => {
  // The second app needs a database of its own: a database is sealed with one master key.
  const admin = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  const name = `cursors_${randomBytes(4).toString('hex')}`;
  await admin.unsafe(`create database ${name}`);
  t.teardown(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(databaseUrl());
  url.pathname = `/${name}`;
  const second: Service = await startService(t, { PARTNER_SECRET_KEY: randomBytes(32).toString('base64') }, undefined, { databaseUrl: url.toString() });
  t.not(second.masterKey.toString('hex'), service.masterKey.toString('hex'));
  const first = await createClub(service);
  const other = await createClub(second);
  for (let i = 0; i < 2; i++) {
    await createMember(service, first);
    await createMember(second, other);
  }
  const fromFirst = await firstCursor(first);
  const fromSecond = await firstCursor(other);
  t.equal((await first.call('GET', `/v1/club/members?limit=1&cursor=${fromFirst}`)).status, 200, 'the first app takes its own cursor');
  t.equal((await other.call('GET', `/v1/club/members?limit=1&cursor=${fromSecond}`)).status, 200, 'the second app takes its own cursor');
  t.equal((await other.call('GET', `/v1/club/members?limit=1&cursor=${fromFirst}`)).body.code, 'invalid_cursor', 'the second refuses the first\'s');
  t.equal((await first.call('GET', `/v1/club/members?limit=1&cursor=${fromSecond}`)).body.code, 'invalid_cursor', 'the first refuses the second\'s');
});

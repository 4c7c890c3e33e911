// The credential cache: made-up key ids cost the database (almost) nothing, and a credential
// issued after its key id was looked up is found at once on every instance.
import t from 'tap';
import { createHmac, KeyObject, randomBytes } from 'node:crypto';
import { createCredentialStore } from '../../src/auth/credentials.js';
import { databaseUrl, postgres, request, startService } from '../support/harness.js';
import { copyCredential, createClub } from '../support/factories.js';
import { setTimeout as sleep } from 'node:timers/promises';

const a = await startService(t);
const b = await startService(t);
const madeUp = () => 'pk_' + randomBytes(13).toString('hex');

// Only lookups count: a new connection also sends postgres.js's own type query.
const lookups: string[] = [];
const sql = postgres(databaseUrl(), {
  max: 2, onnotice: () => {}, debug: (_connection, query) => /\bfrom credentials\b/.test(query) && lookups.push(query),
});
t.teardown(() => sql.end());

t.test('a flood of made-up key ids: one lookup per batch, none for a key id seen recently', async (t) => {
  const store = await createCredentialStore({ current: sql }, a.masterKey);
  t.teardown(() => store.close());
  const flood = Array.from({ length: 150 }, madeUp);
  const found = await Promise.all([...flood, ...flood].map((keyId) => store.get(keyId)));
  t.ok(found.every((c) => c === undefined));
  t.equal(lookups.length, 1, '300 lookups of 150 unknown key ids: one statement');
  for (let i = 0; i < 5; i++) await Promise.all(flood.map((keyId) => store.get(keyId)));
  t.equal(lookups.length, 1, 'asked again: answered from the negative cache');
});

t.test('a credential issued after its key id was unknown is found by every instance at once', async (t) => {
  const club = await createClub(a);
  const keyId = madeUp();
  const key = { ...club.key, keyId };
  for (const service of [a, b]) {
    const res = await request(service.url, 'GET', '/v1/me', { key });
    t.equal(res.body.code, 'unknown_key', 'cached as unknown');
  }
  await copyCredential(a, club.keyId, keyId, 'chosen');
  for (const service of [a, b]) {
    const started = Date.now();
    let status = 0;
    while (status !== 200 && Date.now() - started < 1000) {
      status = (await request(service.url, 'GET', '/v1/me', { key })).status;
      if (status !== 200) await sleep(20);
    }
    t.equal(status, 200, `found within ${Date.now() - started} ms`);
  }
});

t.test('a cached HMAC key is a KeyObject of the secret\'s bytes, not a slice of the Buffer pool', async (t) => {
  const club = await createClub(a);
  const store = await createCredentialStore({ current: sql }, a.masterKey);
  t.teardown(() => store.close());
  const credential = await store.get(club.keyId);
  const key = credential?.key;
  if (key?.algorithm !== 'hmac-sha256') return t.fail('an hmac credential');
  t.ok(key.secret instanceof KeyObject && key.secret.type === 'secret', 'a KeyObject: its bytes live outside the pool');
  const mac = (secret: KeyObject | string) => createHmac('sha256', secret).update('base').digest('hex');
  if (club.key.algorithm !== 'hmac-sha256') return t.fail('the club signs with hmac');
  t.equal(mac(key.secret), mac(club.key.secret), 'the same key as the secret shown at issuance');
});

t.test('the cache keeps a bounded number of credentials: past it the one cached longest is looked up again', async (t) => {
  const [one, two, three] = [await createClub(a), await createClub(a), await createClub(a)];
  const store = await createCredentialStore({ current: sql }, a.masterKey, 2);
  t.teardown(() => store.close());
  const lookedUp = async (club: { keyId: string }) => {
    const before = lookups.length;
    t.equal((await store.get(club.keyId))?.keyId, club.keyId);
    return lookups.length - before;
  };
  t.equal(await lookedUp(one), 1);
  t.equal(await lookedUp(two), 1);
  t.equal(await lookedUp(one), 0, 'two credentials: both cached');
  t.equal(await lookedUp(three), 1);
  t.equal(await lookedUp(two), 0, 'the third pushed out the first only');
  t.equal(await lookedUp(one), 1, 'the first is looked up again');
});

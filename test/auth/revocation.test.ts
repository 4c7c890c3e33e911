// Two instances against one database: a revocation reaches the other instance's cache in < 1 s.
import t from 'tap';
import { revokeCredential } from '../../src/console/credentials.js';
import { request, startService } from '../support/harness.js';
import { createClub } from '../support/factories.js';
import { setTimeout as sleep } from 'node:timers/promises';

const a = await startService(t);
const b = await startService(t);

t.test('revocation takes effect on every instance within 1 s', async (t) => {
  const club = await createClub(a);
  t.equal((await request(a.url, 'GET', '/v1/me', { key: club.key })).status, 200);
  t.equal((await request(b.url, 'GET', '/v1/me', { key: club.key })).status, 200, 'both instances cached it');
  const revokedAt = Date.now();
  await revokeCredential(a.sql, club.keyId);
  let refusedAfter = Infinity;
  while (Date.now() - revokedAt < 1000) {
    const res = await request(b.url, 'GET', '/v1/me', { key: club.key });
    if (res.status === 401) {
      t.equal(res.body.code, 'credential_revoked');
      refusedAfter = Date.now() - revokedAt;
      break;
    }
    await sleep(20);
  }
  t.ok(refusedAfter < 1000, `refused ${refusedAfter} ms after revocation`);
  t.equal((await request(a.url, 'GET', '/v1/me', { key: club.key })).body.code, 'credential_revoked');
});

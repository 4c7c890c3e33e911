// partner-admin seed at --scale small: a tenth of the national volume, in set-based SQL, whose
// rows the API then serves, and whose credentials hold every scope of their kind.
import t from 'tap';
import { grantableScopes } from '../../src/auth/scopes.js';
import { seed } from '../../src/console/seed.js';
import { request, startService } from '../support/harness.js';

const service = await startService(t);

t.test('--scale small: a tenth of each volume, and credentials the API accepts', async (t) => {
  const started = performance.now();
  const set = await seed(service.sql, service.masterKey, 'small');
  t.comment(`seed --scale small took ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(set.counts)}`);
  t.ok(set.counts.members! >= 25_000 && set.counts.persons! >= 20_000 && set.counts.licenses! >= 40_000, JSON.stringify(set.counts));
  t.ok(set.counts.invoices! >= 10_000 && set.counts.payments! > 0 && set.counts.changes! >= 100_000);
  t.ok(set.counts.teams! >= 200 && set.counts.sanctions! >= 5 && set.counts.transfers! >= 200 && set.counts.lineup_players! > 0);
  t.equal(set.clubs.length, 3);
  t.equal(set.small_federations.length, 2);
  for (const [who, kind] of [[set.federation, 'federation'], ...set.clubs.map((c) => [c, 'club'] as const)] as const) {
    t.same([...who.credential.scopes].sort(), [...grantableScopes(kind)].sort());
    const key = { keyId: who.credential.key_id, algorithm: 'hmac-sha256' as const, secret: who.credential.secret! };
    const me = await request(service.url, 'GET', '/v1/me', { key });
    t.equal(me.status, 200);
  }
  const big = set.clubs[0]!;
  const key = { keyId: big.credential.key_id, algorithm: 'hmac-sha256' as const, secret: big.credential.secret! };
  const members = await request(service.url, 'GET', '/v1/club/members?limit=5', { key });
  t.equal(members.status, 200);
  t.equal(members.body.data.length, 5);
  const fedKey = { keyId: set.federation.credential.key_id, algorithm: 'hmac-sha256' as const, secret: set.federation.credential.secret! };
  for (const path of ['/v1/federation/competitions?limit=5', '/v1/federation/licenses?limit=5', '/v1/federation/transfers?limit=5']) {
    const res = await request(service.url, 'GET', path, { key: fedKey });
    t.equal(res.status, 200, path);
  }
});

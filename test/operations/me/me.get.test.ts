import t from 'tap';
import { request, startService } from '../../support/harness.js';
import { createClub, createFederation } from '../../support/factories.js';

const service = await startService(t);

t.test('GET /v1/me answers the calling credential and its workspace', async (t) => {
  const club = await createClub(service);
  const res = await club.call('GET', '/v1/me');
  t.equal(res.status, 200);
  t.equal(res.body.data.workspace.id, club.id);
  t.equal(res.body.data.workspace.kind, 'club');
  t.equal(res.body.data.key_id, club.keyId);
  t.equal(res.body.data.algorithm, 'hmac-sha256');
  t.same(res.body.data.rate_limit, { limit: 600, window_seconds: 60 });
  t.ok(res.body.data.scopes.includes('club:members:read'));
  t.equal(res.headers.get('cache-control'), 'no-store');
  t.equal(res.headers.get('x-ratelimit-limit'), '600');
  t.equal(res.headers.get('ratelimit-limit'), '600');
});

t.test('GET /v1/me lists the scopes sorted, whatever order the credential row holds them in', async (t) => {
  const club = await createClub(service);
  // Before its first request: the service reads the row as it is now.
  await service.sql`update credentials set scopes = array['club:members:write', 'club:billing:read', 'club:members:read'] where key_id = ${club.keyId}`;
  const res = await club.call('GET', '/v1/me');
  t.same(res.body.data.scopes, ['club:billing:read', 'club:members:read', 'club:members:write']);
});

t.test('an unsigned /v1 request is 401 signature_required', async (t) => {
  const res = await request(service.url, 'GET', '/v1/me');
  t.equal(res.status, 401);
  t.equal(res.body.code, 'signature_required');
  t.equal(res.headers.get('content-type'), 'application/problem+json');
});

t.test('routes of the other kind are 404, wrong method 405 with Allow', async (t) => {
  const club = await createClub(service);
  const federation = await createFederation(service);
  t.equal((await club.call('GET', '/v1/federation/changes')).status, 404);
  t.equal((await federation.call('GET', '/v1/club/changes')).status, 404);
  const wrong = await club.call('DELETE', '/v1/me');
  t.equal(wrong.status, 405);
  t.equal(wrong.headers.get('allow'), 'GET');
});

// Every 401 of the catalog through the real service, and that none of them changes anything.
import t from 'tap';
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { createSigner, httpbis } from 'http-message-signatures';
import { issueCredential, revokeCredential } from '../../src/console/credentials.js';
import { signRequest } from '../../src/signing/client.js';
import { contentDigest } from '../../src/signing/content-digest.js';
import { request, startService } from '../support/harness.js';
import { createClub, expireCredential } from '../support/factories.js';
import { rawRequest } from '../support/raw.js';
import { setTimeout as sleep } from 'node:timers/promises';

const service = await startService(t);
const club = await createClub(service);
const me = (headers: Record<string, string>, path = '/v1/me') => request(service.url, 'GET', path, { headers });
const signed = (extra: Partial<Parameters<typeof signRequest>[0]> = {}) =>
  signRequest({ method: 'GET', url: `${service.url}/v1/me`, key: club.key, ...extra });
const nonceUsed = async (nonce: string) =>
  (await service.sql`select count(*)::int as n from nonces where nonce = ${nonce}`)[0]!.n === 1;

t.test('signature_required and signature_invalid for malformed headers', async (t) => {
  t.equal((await me({})).body.code, 'signature_required');
  const good = signed();
  t.equal((await me({ 'signature-input': good['signature-input']! })).body.code, 'signature_required');
  for (const [name, headers] of Object.entries({
    'garbage input': { ...good, 'signature-input': 'sig1=(((' },
    'label mismatch': { ...good, signature: good.signature!.replace('sig1=', 'other=') },
    'two signatures': { ...good, 'signature-input': `${good['signature-input']}, sig2=${good['signature-input']!.slice(5)}` },
    'flipped signature': { ...good, signature: `sig1=:${Buffer.alloc(32, 1).toString('base64')}:` },
  })) {
    const res = await me(headers);
    t.equal(res.status, 401, name);
    t.equal(res.body.code, 'signature_invalid', name);
  }
});

t.test('a refused request consumes no nonce and no rate budget', async (t) => {
  const nonce = 'refused-nonce-0000000001';
  const bad = signed({ nonce });
  const res = await me({ ...bad, signature: `sig1=:${Buffer.alloc(32).toString('base64')}:` });
  t.equal(res.body.code, 'signature_invalid');
  t.notOk(await nonceUsed(nonce));
  const fresh = await createClub(service);
  const ok = await request(service.url, 'GET', '/v1/me', { key: fresh.key });
  t.equal(ok.headers.get('x-ratelimit-remaining'), '599');
});

t.test('replayed_request: a nonce is accepted once', async (t) => {
  const headers = signed();
  t.equal((await me(headers)).status, 200);
  const again = await me(headers);
  t.equal(again.status, 401);
  t.equal(again.body.code, 'replayed_request');
});

t.test('signature_expired: created outside ±300 s, or expires passed', async (t) => {
  const now = Math.floor(Date.now() / 1000);
  t.equal((await me(signed({ created: now - 301 }))).body.code, 'signature_expired');
  t.equal((await me(signed({ created: now + 301 }))).body.code, 'signature_expired');
  t.equal((await me(signed({ created: now - 10, expires: now - 1 }))).body.code, 'signature_expired');
  t.equal((await me(signed({ created: now - 290 }))).status, 200);
});

t.test('unknown_key, credential_revoked (revoked and expired)', async (t) => {
  const unknown = signRequest({ method: 'GET', url: `${service.url}/v1/me`, key: { ...club.key, keyId: 'pk_doesnotexist' } as typeof club.key });
  t.equal((await me(unknown)).body.code, 'unknown_key');
  const victim = await createClub(service);
  t.equal((await victim.call('GET', '/v1/me')).status, 200);
  await revokeCredential(service.sql, victim.keyId);
  await sleep(300);
  t.equal((await victim.call('GET', '/v1/me')).body.code, 'credential_revoked');
  const expiring = await createClub(service);
  await expireCredential(service, expiring.keyId);
  await sleep(300);
  t.equal((await expiring.call('GET', '/v1/me')).body.code, 'credential_revoked');
});

t.test('unsupported_credentials: other schemes, even on a validly signed request', async (t) => {
  const cases: [string, Record<string, string>, string][] = [
    ['bearer', { authorization: 'Bearer abc' }, '/v1/me'],
    ['basic', { authorization: 'Basic YTpi' }, '/v1/me'],
    ['cookie', { cookie: 'session=1' }, '/v1/me'],
    ['x-api-key', { 'x-api-key': 'k' }, '/v1/me'],
    ['api_key', {}, '/v1/me?api_key=k'],
    ['apikey', {}, '/v1/me?apikey=k'],
    ['access_token', {}, '/v1/me?access_token=k'],
    ['token', {}, '/v1/me?token=k'],
  ];
  for (const [name, headers, path] of cases) {
    const res = await club.call('GET', path, undefined, { headers });
    t.equal(res.status, 401, name);
    t.equal(res.body.code, 'unsupported_credentials', name);
    t.equal((await request(service.url, 'GET', path, { headers })).body.code, 'unsupported_credentials', `${name}, unsigned`);
  }
  for (const kind of ['legacy', 'mock'] as const) {
    const issued = await issueCredential(service.sql, service.masterKey, {
      workspaceId: club.id, issuerId: club.operatorId, label: kind, algorithm: 'hmac-sha256', scopes: ['club:profile:read'], kind,
    });
    const res = await request(service.url, 'GET', '/v1/me', { key: { keyId: issued.key_id, algorithm: 'hmac-sha256', secret: issued.secret! } });
    t.equal(res.body.code, 'unsupported_credentials', kind);
  }
});

t.test('tampering with any signed part fails', async (t) => {
  const body = '{"a":1}';
  const url = `${service.url}/v1/me?x=1`;
  const headers = signRequest({ method: 'POST', url, body, headers: { 'content-type': 'application/json' }, key: club.key });
  const send = (method: string, path: string, b: string | undefined, h: Record<string, string>) => rawRequest(service.url, method, path, { body: b, headers: h });
  t.equal((await send('PUT', '/v1/me?x=1', body, headers)).body.code, 'signature_invalid', 'method');
  t.equal((await send('POST', '/v1/mx?x=1', body, headers)).body.code, 'signature_invalid', 'path');
  t.equal((await send('POST', '/v1/me?x=2', body, headers)).body.code, 'signature_invalid', 'query');
  t.equal((await send('POST', '/v1/me?x=1', body, headers)).status, 405, 'untampered passes authentication (and uses its nonce)');
  // A body that does not match a verified signature is still 400, not a replay: the digest is step 5, the nonce step 6.
  t.equal((await send('POST', '/v1/me?x=1', '{"a":2}', headers)).body.code, 'digest_mismatch', 'body');
  t.equal((await send('POST', '/v1/me?x=1', '{"a":2}', { ...headers, 'content-digest': contentDigest(Buffer.from('{"a":2}')) })).body.code, 'signature_invalid', 'body and digest');
  t.equal((await send('POST', '/v1/me?x=1', body, { ...headers, 'content-type': 'application/json; x=1' })).body.code, 'signature_invalid', 'covered header');
  const { 'content-digest': _, ...noDigest } = headers;
  t.equal((await send('POST', '/v1/me?x=1', body, noDigest)).body.code, 'digest_mismatch', 'no digest');
});

t.test('an independent RFC 9421 client (npm http-message-signatures) is accepted, hmac and rsa2', async (t) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const rsa = await issueCredential(service.sql, service.masterKey, {
    workspaceId: club.id, issuerId: club.operatorId, label: 'rsa', algorithm: 'rsa2', scopes: ['club:changes:read'],
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  const signers = {
    hmac: createSigner(club.key.algorithm === 'hmac-sha256' ? club.key.secret : '', 'hmac-sha256', club.keyId),
    rsa2: createSigner(createPrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' })), 'rsa-v1_5-sha256', rsa.key_id),
  };
  for (const [name, key] of Object.entries(signers)) {
    let n = 0;
    for (const params of [['created', 'keyid', 'nonce', 'alg'], ['keyid', 'alg', 'created', 'expires', 'nonce']]) {
      const url = `${service.url}/v1/club/changes?limit=5`;
      const message = await httpbis.signMessage(
        { key, params, paramValues: { nonce: `interop-${name}-${n++}-${Date.now()}` }, fields: ['@method', '@authority', '@path', '@query'] },
        { method: 'GET', url, headers: {} },
      );
      const res = await fetch(url, { headers: message.headers as Record<string, string> });
      t.equal(res.status, 200, `${name} with ${params.join(',')}`);
    }
  }
  const wrongAlg = await httpbis.signMessage(
    { key: createSigner(club.key.algorithm === 'hmac-sha256' ? club.key.secret : '', 'hmac-sha256', rsa.key_id), params: ['created', 'keyid', 'nonce', 'alg'], paramValues: { nonce: 'wrong-alg-nonce-000001' }, fields: ['@method', '@path'] },
    { method: 'GET', url: `${service.url}/v1/me`, headers: {} },
  );
  t.equal((await me(wrongAlg.headers as Record<string, string>)).body.code, 'signature_invalid', 'alg must match the credential');
});

import t from 'tap';
import { createHmac, createPublicKey } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { signRequest, type SigningKey } from '../../src/signing/client.js';
import type { SignedRequest } from '../../src/signing/components.js';
import { contentDigest } from '../../src/signing/content-digest.js';
import type { VerifyKey } from '../../src/signing/verify.js';
import { testKeyRsaPrivate, testKeyRsaPublic } from './fixtures-keys.js';
import { startServer, verifyRequest, type Outcome } from './fixtures-server.js';

const secret = 'sk_3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const hmacKey: SigningKey = { keyId: 'pk_hmac', algorithm: 'hmac-sha256', secret };
const rsaKey: SigningKey = { keyId: 'pk_rsa', algorithm: 'rsa2', privateKey: testKeyRsaPrivate };
const keys: Record<string, VerifyKey> = {
  pk_hmac: { algorithm: 'hmac-sha256', secret },
  pk_rsa: { algorithm: 'rsa2', publicKey: createPublicKey(testKeyRsaPublic) },
};
const created = 1_700_000_000;
const nonce = 'abcdefghijklmnopqrstuv';
const body = '{"name":"Ada"}';

t.test('signRequest output, byte for byte', async (t) => {
  const headers = signRequest({
    method: 'post', url: 'https://API.example.com/v1/club/members?limit=2', body, created, nonce, key: hmacKey,
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'r1' },
  });
  const input = '("@method" "@authority" "@path" "@query" "content-type" "content-digest");created=1700000000;keyid="pk_hmac";nonce="abcdefghijklmnopqrstuv";alg="hmac-sha256"';
  const base = [
    '"@method": POST',
    '"@authority": api.example.com',
    '"@path": /v1/club/members',
    '"@query": ?limit=2',
    '"content-type": application/json',
    `"content-digest": ${contentDigest(Buffer.from(body))}`,
    `"@signature-params": ${input}`,
  ].join('\n');
  t.same(headers, {
    'content-type': 'application/json',
    'x-request-id': 'r1',
    'content-digest': 'sha-256=:iLq22PbcaKh3Bk1YTLtbbFDnT2F+pQ2B06U8Lub/vE8=:',
    'signature-input': `sig1=${input}`,
    signature: `sig1=:${createHmac('sha256', secret).update(base).digest('base64')}:`,
  });
  t.equal(contentDigest(Buffer.from(body)), 'sha-256=:iLq22PbcaKh3Bk1YTLtbbFDnT2F+pQ2B06U8Lub/vE8=:');
});

t.test('defaults and options', async (t) => {
  const a = signRequest({ method: 'GET', url: 'http://localhost:3020/v1/me', key: rsaKey, expires: created + 60, created, nonce });
  t.equal(a['signature-input'], `sig1=("@method" "@authority" "@path");created=1700000000;keyid="pk_rsa";nonce="${nonce}";alg="rsa-v1_5-sha256";expires=1700000060`);
  t.equal(a['content-digest'], undefined);
  const b = signRequest({ method: 'GET', url: new URL('http://localhost/v1/me'), key: hmacKey });
  const c = signRequest({ method: 'GET', url: 'http://localhost/v1/me', key: hmacKey });
  const nonceOf = (h: Record<string, string>) => /nonce="([^"]+)"/.exec(h['signature-input'] ?? '')?.[1] ?? '';
  t.match(nonceOf(b), /^[A-Za-z0-9_-]{22}$/);
  t.not(nonceOf(b), nonceOf(c), 'a fresh nonce each time');
  t.match(b['signature-input'], new RegExp(`created=${Math.floor(Date.now() / 1000)}|created=${Math.floor(Date.now() / 1000) - 1}`));
  t.throws(() => signRequest({ method: 'POST', url: 'http://localhost/v1/x', body: '{}', key: hmacKey }), TypeError, 'a body needs a content-type');
  t.throws(() => signRequest({ method: 'GET', url: 'http://localhost/v1/x', nonce: 'short', key: hmacKey }), TypeError);
  t.throws(() => signRequest({ method: 'GET', url: '/v1/x', key: hmacKey }), TypeError, 'a relative URL');
});

t.test('our verifier accepts the client, and every tampering fails', async (t) => {
  for (const key of [hmacKey, rsaKey]) {
    const headers = signRequest({ method: 'PATCH', url: 'https://api.example.com/v1/club/members/7?x=1', body, created, nonce, key, headers: { 'content-type': 'application/json' } });
    const req: SignedRequest = { method: 'PATCH', target: '/v1/club/members/7?x=1', authority: 'api.example.com', scheme: 'https', headers };
    const check = (r: Partial<SignedRequest>, b = body, now = created): Outcome => verifyRequest({ ...req, ...r }, Buffer.from(b), keys, now);
    const invalid = { status: 401, code: 'signature_invalid' };
    t.same(check({}), { status: 200, keyId: key.keyId, target: '/v1/club/members/7?x=1' }, `${key.algorithm} verifies`);
    t.same(check({ method: 'DELETE' }), invalid, 'method');
    t.same(check({ target: '/v1/club/members/8?x=1' }), invalid, 'path');
    t.same(check({ target: '/v1/club/members/7?x=2' }), invalid, 'query');
    t.same(check({ target: '/v1/club/members/7?x=1&y=2' }), invalid, 'added query parameter');
    t.same(check({ target: '/v1/club/members/7' }), invalid, 'dropped query');
    t.same(check({ authority: 'evil.example.com' }), invalid, 'authority');
    t.same(check({ headers: { ...headers, 'content-type': 'text/plain' } }), invalid, 'covered header');
    t.same(check({}, '{"name":"Eve"}'), { status: 400, code: 'digest_mismatch' }, 'body');
    t.same(check({ headers: { ...headers, 'content-digest': contentDigest(Buffer.from('{"name":"Eve"}')) } }, '{"name":"Eve"}'), invalid, 'body with a recomputed digest');
    t.same(check({ headers: { ...headers, 'signature-input': headers['signature-input']?.replace(nonce, `b${nonce.slice(1)}`) } }), invalid, 'signature-input');
    t.same(check({}, body, created + 301), { status: 401, code: 'signature_expired' }, 'old');
    t.same(check({}, body, created - 301), { status: 401, code: 'signature_expired' }, 'future');
  }
  const wrongKey = signRequest({ method: 'GET', url: 'https://a.example/v1/me', created, nonce, key: { ...hmacKey, secret: `${secret}x` } });
  t.same(verifyRequest({ method: 'GET', target: '/v1/me', authority: 'a.example', scheme: 'https', headers: wrongKey }, Buffer.alloc(0), keys, created),
    { status: 401, code: 'signature_invalid' }, 'another secret');
  const algSwap = signRequest({ method: 'GET', url: 'https://a.example/v1/me', created, nonce, key: { ...rsaKey, keyId: 'pk_hmac' } });
  t.same(verifyRequest({ method: 'GET', target: '/v1/me', authority: 'a.example', scheme: 'https', headers: algSwap }, Buffer.alloc(0), keys, created),
    { status: 401, code: 'signature_invalid' }, 'alg not matching the credential');
});

t.test('over HTTP with fetch and http.request', async (t) => {
  const server = await startServer(keys);
  t.teardown(server.close);
  const url = `${server.origin}/v1/a b/../club/teams?q=it's&limit=5`;
  for (const key of [hmacKey, rsaKey]) {
    const get = await fetch(url, { headers: signRequest({ method: 'get', url, key }) });
    t.same(await get.json(), { status: 200, keyId: key.keyId, target: "/v1/club/teams?q=it%27s&limit=5" }, `fetch GET ${key.algorithm}`);
    const headers = signRequest({ method: 'POST', url: `${server.origin}/v1/club/teams`, key, body, headers: { 'content-type': 'application/json' } });
    const post = await fetch(`${server.origin}/v1/club/teams`, { method: 'POST', headers, body });
    t.equal(post.status, 200, `fetch POST ${key.algorithm}`);
    const tampered = await fetch(`${server.origin}/v1/club/teams`, { method: 'POST', headers, body: '{"name":"Eve"}' });
    t.same(await tampered.json(), { status: 400, code: 'digest_mismatch' });
  }
  const status = await new Promise<number | undefined>((resolve, reject) => {
    const target = new URL(`${server.origin}/v1/federation/clubs?limit=1`);
    const headers = signRequest({ method: 'PUT', url: target, key: rsaKey, body, headers: { 'content-type': 'application/json' } });
    httpRequest(target, { method: 'PUT', headers }, (res) => {
      res.resume();
      resolve(res.statusCode);
    }).on('error', reject).end(body);
  });
  t.equal(status, 200, 'http.request PUT');
  const unsigned = await fetch(`${server.origin}/v1/me`);
  t.same(await unsigned.json(), { status: 401, code: 'signature_required' });
});

// A signature that does not verify explains itself: the answer carries the signature base the
// service computed and the components it covered and required, so a partner finds the line that
// differs. It never carries the secret, the signature the service expected, or a value the
// request did not send.
import t from 'tap';
import { createHmac } from 'node:crypto';
import type { ComponentId } from '../../src/signing/components.js';
import { contentDigest } from '../../src/signing/content-digest.js';
import { signRequest } from '../../src/signing/client.js';
import { signatureBase, signatureParamsValue } from '../../src/signing/signature-base.js';
import { createClub } from '../support/factories.js';
import { startService } from '../support/harness.js';

const service = await startService(t);
const club = await createClub(service);
const secret = club.key.algorithm === 'hmac-sha256' ? club.key.secret : '';
const port = new URL(service.url).port;

async function send(method: string, path: string, headers: Record<string, string>, body?: string) {
  const res = await fetch(new URL(path, service.url), { method, headers, body });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) };
}

/** Headers signed over `names` with values `signed`, for a request whose Host is `authority`. */
function signOver(method: string, path: string, authority: string, names: string[], signed: Record<string, string>) {
  const components: ComponentId[] = names.map((name) => ({ name, params: new Map() }));
  const params = new Map<string, string | number>([
    ['created', Math.floor(Date.now() / 1000)], ['keyid', club.keyId], ['nonce', `n${Date.now()}${Math.random()}`.replace(/\./g, '')], ['alg', 'hmac-sha256'],
  ]);
  const signatureParams = signatureParamsValue(components, params);
  const base = signatureBase({ method, target: path, authority, scheme: 'http', headers: signed }, { components, signatureParams });
  const signature = createHmac('sha256', secret).update(base).digest('base64');
  return { base, headers: { 'signature-input': `sig1=${signatureParams}`, signature: `sig1=:${signature}:` } };
}

const hmac = (base: string) => createHmac('sha256', secret).update(base).digest('base64');

t.test('an @authority mismatch is recognisable from the answer alone', async (t) => {
  // Signed for localhost (an SDK's idea of the host), sent to 127.0.0.1: Host differs.
  const headers = signRequest({ method: 'GET', url: `http://localhost:${port}/v1/me`, key: club.key });
  const res = await send('GET', '/v1/me', headers);
  t.equal(res.status, 401);
  t.equal(res.body.code, 'signature_invalid');
  t.match(res.body.detail, /signature_base/);
  t.same(res.body.covered_components, ['"@method"', '"@authority"', '"@path"']);
  t.same(res.body.required_components, ['"@method"', '"@path"']);
  const theirs: string[] = res.body.signature_base.split('\n');
  t.equal(theirs.length, 4);
  t.equal(theirs[0], '"@method": GET');
  t.equal(theirs[1], `"@authority": 127.0.0.1:${port}`, 'the Host as received, not what was signed');
  t.equal(theirs[2], '"@path": /v1/me');
  t.equal(theirs[3], `"@signature-params": ${headers['signature-input']!.slice('sig1='.length)}`);
  // The partner's own base differs in exactly that one line.
  const ours = theirs.map((line) => (line.startsWith('"@authority"') ? `"@authority": localhost:${port}` : line)).join('\n');
  t.equal(`sig1=:${hmac(ours)}:`, headers.signature, 'with localhost in its place, the base is the one the partner signed');
});

t.test('the answer holds no secret, no expected signature, and no value the request did not send', async (t) => {
  const path = '/v1/me';
  const authority = `127.0.0.1:${port}`;
  // Signed with x-partner-note "signed-value" and a wrong content-type; sent with other values.
  const signed = signOver('GET', path, authority, ['@method', '@path', 'x-partner-note'], { 'x-partner-note': 'signed-value' });
  const res = await send('GET', path, { ...signed.headers, 'x-partner-note': 'sent-value', 'x-uncovered': 'uncovered-value' });
  t.equal(res.status, 401);
  t.equal(res.body.code, 'signature_invalid');
  t.equal(res.body.signature_base.split('\n')[2], '"x-partner-note": sent-value', 'the value as sent');
  t.notOk(res.text.includes('signed-value'), 'not the value the partner signed but did not send');
  t.notOk(res.text.includes('uncovered-value'), 'not a header the signature did not cover');
  t.notOk(res.text.includes(secret), 'not the secret');
  t.notOk(res.text.includes(hmac(res.body.signature_base)), 'not the signature that would have verified');
  t.notOk(res.text.includes(hmac(res.body.signature_base).replace(/=+$/, '')), 'not even unpadded');

  // A covered header the request does not send at all: named, and no base is invented for it.
  const missing = signOver('GET', path, authority, ['@method', '@path', 'x-partner-note'], { 'x-partner-note': 'never-sent' });
  const refused = await send('GET', path, missing.headers);
  t.equal(refused.status, 401);
  t.equal(refused.body.code, 'signature_invalid');
  t.match(refused.body.detail, /"x-partner-note" is missing/);
  t.notOk(refused.text.includes('never-sent'));
  t.notOk('signature_base' in refused.body);
});

t.test('Content-Digest: not covered is 401 naming the required components; covered but missing or wrong is 400', async (t) => {
  const path = '/v1/club/members';
  const authority = `127.0.0.1:${port}`;
  const body = '{"first_name":"Ada","last_name":"Lovelace","birth_date":"2010-12-10","gender":"female"}';
  const digest = contentDigest(Buffer.from(body));

  const uncovered = signOver('POST', path, authority, ['@method', '@path', 'content-type'], { 'content-type': 'application/json' });
  const a = await send('POST', path, { ...uncovered.headers, 'content-type': 'application/json', 'content-digest': digest }, body);
  t.equal(a.status, 401);
  t.equal(a.body.code, 'signature_invalid');
  t.equal(a.body.detail, 'the signature must cover "content-digest"');
  t.same(a.body.required_components, ['"@method"', '"@path"', '"content-digest"']);

  const covered = signOver('POST', path, authority, ['@method', '@path', 'content-digest'], { 'content-digest': digest });
  const b = await send('POST', path, { ...covered.headers, 'content-type': 'application/json' }, body);
  t.equal(b.status, 400, 'covered but missing');
  t.equal(b.body.code, 'digest_mismatch');

  const wrong = contentDigest(Buffer.from('{}'));
  const stale = signOver('POST', path, authority, ['@method', '@path', 'content-digest'], { 'content-digest': wrong });
  const c = await send('POST', path, { ...stale.headers, 'content-type': 'application/json', 'content-digest': wrong }, body);
  t.equal(c.status, 400, 'covered but not matching');
  t.equal(c.body.code, 'digest_mismatch');
  const [row] = await service.sql<{ n: number }[]>`select count(*)::int as n from members where club_id = ${club.id}`;
  t.equal(row!.n, 0, 'nothing was created');
});

t.test('a covered Content-Digest without a body is 400 digest_mismatch with the rate-limit headers, and nothing changes', async (t) => {
  const member = await club.call('POST', '/v1/club/members', { first_name: 'Ada', last_name: 'Lovelace', birth_date: '2010-12-10', gender: 'female' });
  const path = `/v1/club/members/${member.body.data.id}`;
  const digest = contentDigest(Buffer.from('{}'));
  for (const method of ['DELETE', 'GET', 'PATCH']) {
    const signed = signOver(method, path, `127.0.0.1:${port}`, ['@method', '@path', 'content-digest'], { 'content-digest': digest });
    const res = await fetch(new URL(path, service.url), { method, headers: { ...signed.headers, 'content-digest': digest } });
    t.equal(res.status, 400, method);
    t.equal((await res.json()).code, 'digest_mismatch', method);
    t.match(res.headers.get('x-ratelimit-remaining'), /^\d+$/, `${method}: the rate-limit headers`);
  }
  t.equal((await club.call('GET', path)).body.data.status, 'active', 'the member is still there');
  const ignored = await fetch(new URL(path, service.url), { method: 'GET', headers: { ...signOver('GET', path, `127.0.0.1:${port}`, ['@method', '@path'], {}).headers, 'content-digest': digest } });
  t.equal(ignored.status, 200, 'a digest the signature does not cover means nothing without a body');
});

t.test('the 413 and a signed OPTIONS carry the rate-limit headers', async (t) => {
  const big = JSON.stringify({ pad: 'x'.repeat(1024 * 1024) });
  const tooLarge = await club.call('POST', '/v1/club/members', JSON.parse(big));
  t.equal(tooLarge.status, 413);
  t.match(tooLarge.headers.get('x-ratelimit-limit'), /^\d+$/, '413');
  const options = signOver('OPTIONS', '/v1/me', `127.0.0.1:${port}`, ['@method', '@path'], {});
  const res = await fetch(new URL('/v1/me', service.url), { method: 'OPTIONS', headers: options.headers });
  t.equal(res.status, 405);
  t.equal(res.headers.get('allow'), 'GET');
  t.match(res.headers.get('ratelimit-remaining'), /^\d+$/, 'signed OPTIONS');
  const unsigned = await fetch(new URL('/v1/me', service.url), { method: 'OPTIONS' });
  t.equal(unsigned.status, 405, 'an unsigned OPTIONS is still 405');
  t.equal(unsigned.headers.get('ratelimit-remaining'), null, 'without rate-limit headers: no credential is known');
});

// Partners may sign with the npm http-message-signatures library: what it sends must be accepted.
import t from 'tap';
import { createPublicKey } from 'node:crypto';
import { createSigner, defaultParams, httpbis } from 'http-message-signatures';
import { contentDigest } from '../../src/signing/content-digest.js';
import type { VerifyKey } from '../../src/signing/verify.js';
import { testKeyRsaPrivate, testKeyRsaPublic } from './fixtures-keys.js';
import { startServer } from './fixtures-server.js';

const secret = 'sk_interop-secret-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const keys: Record<string, VerifyKey> = {
  pk_hmac: { algorithm: 'hmac-sha256', secret },
  pk_rsa: { algorithm: 'rsa2', publicKey: createPublicKey(testKeyRsaPublic) },
};
const signers = {
  'hmac-sha256': createSigner(secret, 'hmac-sha256', 'pk_hmac'),
  'rsa-v1_5-sha256': createSigner(testKeyRsaPrivate, 'rsa-v1_5-sha256', 'pk_rsa'),
};
const nonce = 'Zm9vYmFyYmF6cXV4cXV1eA';

t.test('http-message-signatures requests are accepted', async (t) => {
  const server = await startServer(keys);
  t.teardown(server.close);
  const body = '{"first_name":"Ada","last_name":"Lovelace"}';
  const url = `${server.origin}/v1/club/members?include=teams&q=%7e%20x`;
  const variants = [
    { name: 'created/keyid/nonce/alg', params: ['created', 'keyid', 'nonce', 'alg'] },
    { name: 'the defaults (with expires) plus nonce', params: [...defaultParams, 'nonce'] },
  ];
  for (const [alg, key] of Object.entries(signers)) {
    for (const variant of variants) {
      const signed = await httpbis.signMessage({
        key,
        name: 'partner',
        params: variant.params,
        paramValues: { nonce },
        fields: ['@method', '@authority', '@path', '@query', 'content-type', 'content-digest'],
      }, {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'content-digest': contentDigest(Buffer.from(body)) },
      });
      const headers = signed.headers as Record<string, string>;
      t.match(headers['Signature-Input'], alg === 'hmac-sha256' ? /alg="hmac-sha256"/ : /alg="rsa-v1_5-sha256"/);
      const res = await fetch(url, { method: 'POST', headers, body });
      t.same(await res.json(), { status: 200, keyId: key.id, target: '/v1/club/members?include=teams&q=%7e%20x' }, `${alg}, ${variant.name}`);

      const tampered = await fetch(url.replace('include=teams', 'include=billing'), { method: 'POST', headers, body });
      t.same(await tampered.json(), { status: 401, code: 'signature_invalid' }, `${alg}, ${variant.name}: tampered query`);
    }
  }

  const minimal = await httpbis.signMessage({ key: signers['hmac-sha256'], fields: ['@method', '@path'] }, { method: 'GET', url: `${server.origin}/v1/me`, headers: {} });
  const res = await fetch(`${server.origin}/v1/me`, { headers: minimal.headers as Record<string, string> });
  t.same(await res.json(), { status: 401, code: 'signature_invalid' }, 'the library defaults carry no nonce');
});

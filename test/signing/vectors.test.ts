import t from 'tap';
import { createHash, createPrivateKey, createPublicKey, constants, sign } from 'node:crypto';
import type { SignedRequest } from '../../src/signing/components.js';
import { contentDigest } from '../../src/signing/content-digest.js';
import { signatureBase, signatureParamsValue } from '../../src/signing/signature-base.js';
import { isInnerList, parseDictionary } from '../../src/signing/structured-fields.js';
import { verifySignature } from '../../src/signing/verify.js';
import { testKeyRsaPrivate, testKeyRsaPublic, testSharedSecret } from './fixtures-keys.js';

const digest512 = 'sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:';
const body = Buffer.from('{"hello": "world"}');

// B.2 test-request, as node would present it.
const testRequest: SignedRequest = {
  method: 'POST',
  target: '/foo?param=Value&Pet=dog',
  authority: 'example.com',
  scheme: 'https',
  headers: {
    host: 'example.com',
    date: 'Tue, 20 Apr 2021 02:07:55 GMT',
    'content-type': 'application/json',
    'content-digest': digest512,
    'content-length': '18',
  },
};

// Builds the base straight from a Signature-Input member: the RFC examples do not follow this service's profile.
function fromInput(header: string, label: string) {
  const member = parseDictionary(header).get(label);
  if (!member || !isInnerList(member)) throw new Error('no inner list');
  const components = member.items.map((i) => ({ name: i.value as string, params: i.params }));
  return { components, signatureParams: signatureParamsValue(components, member.params) };
}

t.test('B.2.5 hmac-sha256', async (t) => {
  const input = 'sig-b25=("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret"';
  const base = signatureBase(testRequest, fromInput(input, 'sig-b25'));
  t.equal(base, [
    '"date": Tue, 20 Apr 2021 02:07:55 GMT',
    '"@authority": example.com',
    '"content-type": application/json',
    '"@signature-params": ("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret"',
  ].join('\n'));
  t.equal(Buffer.byteLength(base), 200);
  t.equal(createHash('sha256').update(base).digest('hex'), '82faed1b67e492cfc8fe50fee1b6fdbdcf9f4d6384af8282339dcad5e44310e7');

  const signature = Buffer.from('pxcQw6G3AjtMBQjwo8XzkZf/bws5LelbaMk5rGIGtE8=', 'base64');
  const key = { algorithm: 'hmac-sha256', secret: Buffer.from(testSharedSecret, 'base64') } as const;
  t.equal(verifySignature(base, signature, key), true);
  t.equal(verifySignature(`${base} `, signature, key), false, 'one byte more fails');
  t.equal(verifySignature(base, signature.subarray(0, 31), key), false, 'a truncated MAC fails');
  t.equal(verifySignature(base, signature, { algorithm: 'hmac-sha256', secret: testSharedSecret }), false, 'the undecoded string is another key');
});

t.test('4.3 proxy_sig rsa-v1_5-sha256', async (t) => {
  const proxied: SignedRequest = {
    ...testRequest,
    authority: 'origin.host.internal.example',
    headers: {
      ...testRequest.headers,
      host: 'origin.host.internal.example',
      date: 'Tue, 20 Apr 2021 02:07:56 GMT',
      forwarded: 'for=192.0.2.123;host=example.com;proto=https',
    },
  };
  const input = 'sig1=("@method" "@authority" "@path" "content-digest" "content-type" "content-length");created=1618884475;keyid="test-key-ecc-p256", proxy_sig=("@method" "@authority" "@path" "content-digest" "content-type" "content-length" "forwarded");created=1618884480;keyid="test-key-rsa";alg="rsa-v1_5-sha256";expires=1618884540';
  const base = signatureBase(proxied, fromInput(input, 'proxy_sig'));
  t.equal(base, [
    '"@method": POST',
    '"@authority": origin.host.internal.example',
    '"@path": /foo',
    `"content-digest": ${digest512}`,
    '"content-type": application/json',
    '"content-length": 18',
    '"forwarded": for=192.0.2.123;host=example.com;proto=https',
    '"@signature-params": ("@method" "@authority" "@path" "content-digest" "content-type" "content-length" "forwarded");created=1618884480;keyid="test-key-rsa";alg="rsa-v1_5-sha256";expires=1618884540',
  ].join('\n'));
  t.equal(Buffer.byteLength(base), 497);
  t.equal(createHash('sha256').update(base).digest('hex'), '92658a80bddd666bf4fb778d617e3ba3e1c083e99e560587c9433d42adbfb494');

  const published = 'S6ZzPXSdAMOPjN/6KXfXWNO/f7V6cHm7BXYUh3YD/fRad4BCaRZxP+JH+8XY1I6+8Cy+CM5g92iHgxtRPz+MjniOaYmdkDcnL9cCpXJleXsOckpURl49GwiyUpZ10KHgOEe11sx3G2gxI8S0jnxQB+Pu68U9vVcasqOWAEObtNKKZd8tSFu7LB5YAv0RAGhB8tmpv7sFnIm9y+7X5kXQfi8NMaZaA8i2ZHwpBdg7a6CMfwnnrtflzvZdXAsD3LH2TwevU+/PBPv0B6NMNk93wUs/vfJvye+YuI87HU38lZHowtznbLVdp770I6VHR6WfgS9ddzirrswsE1w5o0LV/g==';
  const signature = Buffer.from(published, 'base64');
  const key = { algorithm: 'rsa2', publicKey: createPublicKey(testKeyRsaPublic) } as const;
  t.equal(verifySignature(base, signature, key), true);
  t.equal(verifySignature(base.replace('POST', 'PUT'), signature, key), false);
  const resigned = sign('sha256', Buffer.from(base), { key: createPrivateKey(testKeyRsaPrivate), padding: constants.RSA_PKCS1_PADDING });
  t.equal(resigned.toString('base64'), published, 'PKCS#1 v1.5 is deterministic');

  const sig1 = signatureBase({ ...testRequest, headers: { ...testRequest.headers } }, fromInput(input, 'sig1'));
  t.equal(sig1.split('\n')[6], '"@signature-params": ("@method" "@authority" "@path" "content-digest" "content-type" "content-length");created=1618884475;keyid="test-key-ecc-p256"');
});

t.test('RFC 9530 Appendix D digests of the test body', async (t) => {
  t.equal(contentDigest(body), 'sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:');
  t.equal(contentDigest(body, 'sha-512'), digest512);
  t.equal(contentDigest(Buffer.alloc(0)), 'sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:');
});

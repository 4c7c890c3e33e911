// The worked example of the partner's guide ("Signing a request", src/openapi/guide/signing.md,
// shown in the API reference) stays true: same base, same signature.
import t from 'tap';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { signRequest } from '../../src/signing/client.js';
import { parseSignature } from '../../src/signing/parse.js';
import { signatureBase } from '../../src/signing/signature-base.js';

const guide = readFileSync(path.resolve(import.meta.dirname, '../../../src/openapi/guide/signing.md'), 'utf8');

t.test('the guide\'s signing example', async (t) => {
  const headers = signRequest({
    method: 'POST',
    url: 'https://partner-api.example.org/v1/club/members',
    body: '{"first_name":"Ada","last_name":"Lovelace","birth_date":"2010-12-10","gender":"female"}',
    headers: { 'content-type': 'application/json' },
    key: { keyId: 'pk_exampleexampleexampleexamp', algorithm: 'hmac-sha256', secret: 'sk_c2VjcmV0LWJ5dGVzLWZvci10aGUtZXhhbXBsZS0zMmI' },
    created: 1795250400,
    nonce: 'bm9uY2UtZXhhbXBsZS0wMQ',
  });
  for (const name of ['content-digest', 'signature-input', 'signature']) {
    t.ok(guide.includes(`${name.replace(/(^|-)([a-z])/g, (_, d, c) => d + c.toUpperCase())}: ${headers[name]}`), name);
  }
  const request = { method: 'POST', target: '/v1/club/members', authority: 'partner-api.example.org', scheme: 'https' as const, headers };
  const base = signatureBase(request, parseSignature(request, true));
  t.ok(guide.includes(base.split('\n').map((line) => '   ' + line).join('\n')), 'the signature base, line for line');
});

t.test('the guide\'s credential has the documented formats', async (t) => {
  const [, keyId] = /key id: (\S+)/.exec(guide) ?? [];
  const [, secret] = /secret: (\S+)/.exec(guide) ?? [];
  t.match(keyId, /^pk_[a-z2-7]{26}$/, 'pk_ and 26 base32 characters');
  t.match(secret, /^sk_[A-Za-z0-9_-]{43}$/, 'sk_ and 43 base64url characters');
  t.equal(Buffer.from(secret!.slice(3), 'base64url').length, 32, '32 bytes');
});

import t from 'tap';
import type { SignedRequest } from '../../src/signing/components.js';
import { checkWindow, parseSignature, type ParsedSignature } from '../../src/signing/parse.js';

const nonce = 'abcdefghijklmnop';
const sig = 'sig1=:AQID:';
const req = (input: string | undefined, extra: Partial<SignedRequest> = {}, signature: string | string[] | undefined = sig): SignedRequest => ({
  method: 'POST',
  target: '/v1/me?x=1',
  authority: 'api.example.com',
  scheme: 'https',
  headers: { 'signature-input': input, signature },
  ...extra,
});
const covered = '("@method" "@path" "@query" "content-digest")';
const good = `sig1=${covered};created=1700000000;keyid="pk_1";nonce="${nonce}"`;

t.test('a valid signature', async (t) => {
  const input = `sig1=("@method" "@authority" "@path" "@query" "content-digest");alg="hmac-sha256";keyid="pk_1";created=1700000000;nonce="${nonce}";expires=1700000100;tag="x"`;
  const p = parseSignature(req(input), true);
  t.same(p, {
    label: 'sig1',
    keyId: 'pk_1',
    created: 1700000000,
    expires: 1700000100,
    nonce,
    alg: 'hmac-sha256',
    components: ['@method', '@authority', '@path', '@query', 'content-digest'].map((name) => ({ name, params: new Map() })),
    signatureParams: input.slice('sig1='.length),
    signature: Buffer.from([1, 2, 3]),
  });
  t.equal(parseSignature(req(`any-label=("@method" "@path");created=1;keyid="k";nonce="${nonce}"`, { target: '/v1/me' }, 'any-label=:AQID:'), false).label, 'any-label');
  t.equal(parseSignature(req(`s=( "@method"  "@path" );created=1;keyid="k";nonce="${nonce}"`, { target: '/v1/me?' }, 's=:AQID:'), false).signatureParams,
    `("@method" "@path");created=1;keyid="k";nonce="${nonce}"`, 'an empty query needs no @query; params are re-serialized');
});

t.test('signature_required', async (t) => {
  t.throws(() => parseSignature(req(undefined), true), { code: 'signature_required' });
  t.throws(() => parseSignature(req(good, { headers: { 'signature-input': good } }), true), { code: 'signature_required' });
  t.throws(() => parseSignature(req('  ', {}, sig), true), { code: 'signature_required' });
});

t.test('signature_invalid', async (t) => {
  const without = (param: string) => good.replace(new RegExp(`;${param}=[^;]*`), '');
  const cases: [string, string, string | string[]][] = [
    ['malformed Signature-Input', 'sig1=("@method"', sig],
    ['malformed Signature', good, 'sig1=:AQID'],
    ['two signatures', `${good}, ${good.replace('sig1', 'sig2')}`, `${sig}, sig2=:AQID:`],
    ['two signatures over two header lines', good, [sig, 'sig2=:AQID:']],
    ['labels differ', good, 'sig2=:AQID:'],
    ['signature not bytes', good, 'sig1="AQID"'],
    ['empty signature', good, 'sig1=::'],
    ['input not an inner list', 'sig1="@method"', sig],
    ['component not a string', `sig1=("@method" "@path" "@query" content-digest);created=1;keyid="k";nonce="${nonce}"`, sig],
    ['missing keyid', without('keyid'), sig],
    ['missing created', without('created'), sig],
    ['missing nonce', without('nonce'), sig],
    ['keyid not a string', good.replace('keyid="pk_1"', 'keyid=pk_1'), sig],
    ['created not an integer', good.replace('created=1700000000', 'created=1700000000.5'), sig],
    ['created a string', good.replace('created=1700000000', 'created="1700000000"'), sig],
    ['expires not an integer', `${good};expires="soon"`, sig],
    ['nonce too short', good.replace(nonce, 'abcdefghijklmno'), sig],
    ['nonce too long', good.replace(nonce, 'a'.repeat(129)), sig],
    ['nonce with bad characters', good.replace(nonce, 'abcdefghijklmno+'), sig],
    ['nonce a token', good.replace(`"${nonce}"`, nonce), sig],
    ['alg unknown', `${good};alg="rsa-pss-sha512"`, sig],
    ['alg a token', `${good};alg=hmac-sha256`, sig],
    ['missing @method', good.replace('"@method" ', ''), sig],
    ['missing @path', good.replace('"@path" ', ''), sig],
    ['missing @query', good.replace('"@query" ', ''), sig],
    ['missing content-digest', good.replace(' "content-digest"', ''), sig],
    ['@method with a parameter does not count', good.replace('"@method"', '"@method";req'), sig],
    ['duplicate component', good.replace('"@path"', '"@path" "@path"'), sig],
    ['unknown derived component', good.replace('"@path"', '"@path" "@status"'), sig],
    ['uppercase field name', good.replace('"content-digest"', '"Content-Digest"'), sig],
  ];
  for (const [name, input, signature] of cases) {
    t.throws(() => parseSignature(req(input, {}, signature), true), { code: 'signature_invalid' }, name);
  }
  const lenient = good.replace(' "content-digest"', '');
  t.equal(parseSignature(req(lenient), false).keyId, 'pk_1', 'content-digest is only required with a body');
});

t.test('checkWindow', async (t) => {
  const p = (created: number, expires?: number): ParsedSignature =>
    ({ label: 's', keyId: 'k', created, nonce, components: [], signatureParams: '()', signature: Buffer.alloc(1), ...(expires === undefined ? {} : { expires }) });
  const now = 1_700_000_000;
  t.doesNotThrow(() => checkWindow(p(now - 300), now, 300));
  t.doesNotThrow(() => checkWindow(p(now + 300), now, 300));
  t.doesNotThrow(() => checkWindow(p(now, now + 1), now, 300));
  t.throws(() => checkWindow(p(now - 301), now, 300), { code: 'signature_expired' }, 'too old');
  t.throws(() => checkWindow(p(now + 301), now, 300), { code: 'signature_expired' }, 'in the future');
  t.throws(() => checkWindow(p(now - 10, now), now, 300), { code: 'signature_expired' }, 'expires reached');
  t.throws(() => checkWindow(p(now - 10, now - 1), now, 300), { code: 'signature_expired' }, 'expires passed');
});

// The fast Signature-Input reader against the general RFC 9651 one: on the RFC 9421 vectors and
// on 10 000 generated headers, valid and broken, the same result or the same refusal, and where
// the fast path answers at all, exactly what the general parser answers. FAST_SEED replays a run.
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import type { SignedRequest } from '../../src/signing/components.js';
import { parseSignatureFast } from '../../src/signing/parse-fast.js';
import { parseSignature, parseSignatureGeneral, type ParsedSignature } from '../../src/signing/parse.js';
import { seeded } from '../support/random.js';

type Outcome = { parsed: ParsedSignature } | { refused: { name: string; code?: string; message: string; required?: string[] } };

function outcome(parse: () => ParsedSignature): Outcome {
  try {
    return { parsed: parse() };
  } catch (e) {
    const error = e as Error & { code?: string; required?: string[] };
    return { refused: { name: error.name, code: error.code, message: error.message, required: error.required } };
  }
}

interface Case { req: SignedRequest; hasBody: boolean }

/** Both paths on one request: how it went, and a description when they differ. */
function compare({ req, hasBody }: Case): { fast: boolean; accepted: boolean; differs?: string } {
  const general = outcome(() => parseSignatureGeneral(req, hasBody));
  const combined = outcome(() => parseSignature(req, hasBody));
  const fast = parseSignatureFast(req, hasBody);
  const accepted = 'parsed' in general;
  const describe = () => JSON.stringify({ target: req.target, hasBody, input: req.headers['signature-input'], signature: req.headers.signature });
  if (!isDeepStrictEqual(combined, general)) return { fast: fast !== undefined, accepted, differs: `parseSignature differs from the general parser: ${describe()}` };
  if (fast !== undefined && !(accepted && isDeepStrictEqual(fast, general.parsed))) return { fast: true, accepted, differs: `the fast path answered otherwise: ${describe()}` };
  return { fast: fast !== undefined, accepted };
}

const request = (input: string | string[] | undefined, signature: string | string[] | undefined, target = '/v1/me', method = 'GET'): SignedRequest => ({
  method, target, authority: 'example.com', scheme: 'https', headers: { 'signature-input': input, signature },
});

t.test('the RFC 9421 vectors (no nonce: refused alike), and with the profile\'s nonce added', async (t) => {
  const nonce = 'abcdefghijklmnop';
  const b25 = ['sig-b25=("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret"', 'sig-b25=:pxcQw6G3AjtMBQjwo8XzkZf/bws5LelbaMk5rGIGtE8=:'];
  const sig1 = ['sig1=("@method" "@authority" "@path" "content-digest" "content-type" "content-length");created=1618884475;keyid="test-key-ecc-p256"',
    'sig1=:X5spyd6CFnAG5QnDyHfqoSNICd+BUP4LYMz2Q0JXlb//4Ijpzp+kve2w4NIyqeAuM7jTDX+sNalzA8ESSaHD3A==:'];
  const proxy = ['proxy_sig=("@method" "@authority" "@path" "content-digest" "content-type" "content-length" "forwarded");created=1618884480;keyid="test-key-rsa";alg="rsa-v1_5-sha256";expires=1618884540',
    'proxy_sig=:S6ZzPXSdAMOPjN/6KXfXWNO/f7V6cHm7BXYUh3YD/fRad4BCaRZxP+JH+8XY1I6+8Cy+CM5g92iHgxtRPz+MjniOaYmdkDcnL9cCpXJleXsOckpURl49GwiyUpZ10KHgOEe11sx3G2gxI8S0jnxQB+Pu68U9vVcasqOWAEObtNKKZd8tSFu7LB5YAv0RAGhB8tmpv7sFnIm9y+7X5kXQfi8NMaZaA8i2ZHwpBdg7a6CMfwnnrtflzvZdXAsD3LH2TwevU+/PBPv0B6NMNk93wUs/vfJvye+YuI87HU38lZHowtznbLVdp770I6VHR6WfgS9ddzirrswsE1w5o0LV/g==:'];
  const both = [`${sig1[0]}, ${proxy[0]}`, `${sig1[1]}, ${proxy[1]}`];
  const cases: [string, string, string, boolean][] = [
    ['B.2.5', b25[0]!, b25[1]!, false],
    ['4.3 sig1', sig1[0]!, sig1[1]!, true],
    ['4.3 proxy_sig', proxy[0]!, proxy[1]!, true],
    ['4.3 both signatures', both[0]!, both[1]!, true],
  ];
  for (const [name, input, signature, hasBody] of cases) {
    for (const [variant, header] of [['as published', input], ['with a nonce', `${input};nonce="${nonce}"`]] as const) {
      const req = request(header, signature, hasBody ? '/foo?param=Value&Pet=dog' : '/foo', 'POST');
      const result = compare({ req, hasBody });
      t.equal(result.differs, undefined, `${name}, ${variant}: the same answer`);
    }
  }
  const result = compare({ req: request(`${proxy[0]};nonce="${nonce}"`, proxy[1], '/foo'), hasBody: true });
  t.ok(result.fast && result.accepted, 'proxy_sig with a nonce and "@path" takes the fast path and is accepted');
});

// Generated headers: a valid profile signature in random order and labels, then usually broken.
const seed = Number(process.env.FAST_SEED ?? Date.now() % 2 ** 31);
const random = seeded(seed);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const chance = (p: number) => random() < p;
const shuffle = <T>(xs: T[]): T[] => {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
};
const chars = (alphabet: string, min: number, max: number) =>
  Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, () => pick([...alphabet])).join('');
const b64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const nonceChars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const optional = ['"@authority"', '"@target-uri"', '"@scheme"', '"@request-target"', '"content-type"', '"date"', '"x-custom.v_1"', '"@query-param";name="a"', '"content-digest";sf', '"@status"'];
const hostile = [' ', '  ', '\t', ',', ';', '=', '"', '\\', '(', ')', ':', '@', 'A', '0', '-', '.', '*', 'é', '\n', '?1', '1.5', '%"a"', ':AQID:', '-1'];

function generated(): Case {
  const target = pick(['/v1/me', '/v1/club/members?limit=25', '/v1/me?', '/v1/me?a=1#f', '*', 'https://example.com/v1/me?x=1', '/v1/club/members']);
  const hasBody = chance(0.3);
  const components = ['"@method"', '"@path"'];
  if (target.includes('?') || chance(0.2)) components.push('"@query"');
  if (hasBody || chance(0.1)) components.push('"content-digest"');
  for (const extra of optional) if (chance(0.08)) components.push(extra);
  const params = [
    `created=${pick(['1700000000', String(Math.floor(random() * 2e9)), '0'])}`,
    `keyid="${pick(['key_abc', 'pk_1', chars(b64, 1, 30)])}"`,
    `nonce="${chars(nonceChars, 16, 40)}"`,
  ];
  if (chance(0.5)) params.push(`alg="${pick(['hmac-sha256', 'rsa-v1_5-sha256'])}"`);
  if (chance(0.2)) params.push(`expires=${Math.floor(random() * 2e9)}`);
  if (chance(0.1)) params.push(`tag="${chars(b64, 0, 8)}"`);
  const label = pick(['sig1', 'sig', 'a*b', 'x-9.z_']);
  let input = `${label}=(${shuffle(components).join(' ')});${shuffle(params).join(';')}`;
  let signature: string | string[] = `${label}=:${chars(b64, 4, 64)}${pick(['', '=', '=='])}:`;
  if (chance(0.75)) {
    for (let n = 1 + Math.floor(random() * 3); n > 0; n--) {
      const which = pick(['input', 'input', 'signature'] as const);
      const s: string = which === 'input' ? input : (signature as string);
      const at = Math.floor(random() * (s.length + 1));
      const changed: string = pick<() => string>([
        () => s.slice(0, at) + pick(hostile) + s.slice(at),
        () => s.slice(0, at) + s.slice(at + 1 + Math.floor(random() * 3)),
        () => s.replace(/created=\d+/, pick(['created=0123', 'created=1.5', 'created=-5', 'created=1234567890123456', 'created="1"', 'created'])),
        () => s.replace(/nonce="[^"]*"/, pick(['nonce="short"', 'nonce=abcdefghijklmnopq', `nonce="${'a'.repeat(129)}"`, 'nonce="abcdefghijklmnop+"'])),
        () => s.replace(/;keyid="[^"]*"/, pick(['', ';keyid=token', ';keyid="a";keyid="b"', ';keyid="a\\"b"'])),
        () => s.replace('"@method"', pick(['', '"@method";req', '"@method" "@method"', '"@Method"', '"@query-param"'])),
        () => `${s}, ${s.replace(label, 'other')}`,
        () => s.replace(label, pick(['SIG', 'sig2', '1sig'])),
        () => pick([' ', '\t', '']) + s + pick([' ', '\t', '', ',']),
      ])();
      if (which === 'input') input = changed;
      else signature = changed;
    }
  }
  if (chance(0.02)) signature = [signature as string, `${label}=:AQID:`];
  return { req: request(chance(0.01) ? undefined : input, signature, target, hasBody ? 'POST' : 'GET'), hasBody };
}

t.test(`10 000 generated headers, valid and invalid (FAST_SEED=${seed})`, async (t) => {
  const differs: string[] = [];
  let fast = 0;
  let accepted = 0;
  for (let i = 0; i < 10_000; i++) {
    const result = compare(generated());
    if (result.differs) differs.push(result.differs);
    if (result.fast) fast++;
    if (result.accepted) accepted++;
  }
  t.same(differs.slice(0, 5), [], `no difference (${differs.length} in all)`);
  t.ok(fast > 1000, `${fast} of ${accepted} accepted headers took the fast path`);
  t.ok(accepted - fast > 100, `${accepted - fast} accepted headers of another shape went to the general parser`);
  t.ok(10_000 - accepted > 3000, `${10_000 - accepted} refusals, all the general parser's`);
});

import t from 'tap';
import { checkContentDigest, contentDigest } from '../../src/signing/content-digest.js';

const body = Buffer.from('{"hello": "world"}');
const sha256 = 'sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:';
const sha512 = 'sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:';

t.test('accepted', async (t) => {
  t.equal(contentDigest(body), sha256);
  t.doesNotThrow(() => checkContentDigest(sha256, body));
  t.doesNotThrow(() => checkContentDigest(sha512, body));
  t.doesNotThrow(() => checkContentDigest(`md5=:Sd/dVLAcvNLSq16eXua5uQ==:, ${sha256}, ${sha512}`, body), 'unsupported members are ignored');
  t.doesNotThrow(() => checkContentDigest([sha256, sha512], body));
  t.doesNotThrow(() => checkContentDigest(undefined, Buffer.alloc(0)), 'nothing to check without a body');
  t.doesNotThrow(() => checkContentDigest(contentDigest(Buffer.alloc(0)), Buffer.alloc(0)));
});

t.test('digest_mismatch', async (t) => {
  const cases: [string, string | undefined, Buffer][] = [
    ['missing with a body', undefined, body],
    ['empty with a body', '', body],
    ['unparsable', 'sha-256=X48E', body],
    ['no supported algorithm', 'md5=:Sd/dVLAcvNLSq16eXua5uQ==:', body],
    ['not a byte sequence', 'sha-256="X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE="', body],
    ['other bytes', sha256, Buffer.from('{"hello": "world!"}')],
    ['one supported member wrong', `${sha256}, sha-512=:AAAA:`, body],
    ['digest of an empty body sent with a body', contentDigest(Buffer.alloc(0)), body],
  ];
  for (const [name, header, bytes] of cases) t.throws(() => checkContentDigest(header, bytes), { code: 'digest_mismatch' }, name);
});

import t from 'tap';
import { componentValue, type ComponentId, type SignedRequest } from '../../src/signing/components.js';
import { serializeComponentId } from '../../src/signing/structured-fields-serialize.js';
import type { BareItem } from '../../src/signing/structured-fields.js';

const request = (target: string, headers: SignedRequest['headers'] = {}): SignedRequest =>
  ({ method: 'GET', target, authority: 'www.example.com', scheme: 'https', headers });
const id = (name: string, params: Record<string, BareItem> = {}): ComponentId => ({ name, params: new Map(Object.entries(params)) });
const line = (req: SignedRequest, c: ComponentId) => `${serializeComponentId(c)}: ${componentValue(req, c)}`;

t.test('§2.2.7 @query is the raw query', async (t) => {
  t.equal(componentValue(request('/path?param=value&foo=bar&baz=bat%2Dman'), id('@query')), '?param=value&foo=bar&baz=bat%2Dman');
  t.equal(componentValue(request('/path?queryString'), id('@query')), '?queryString');
  t.equal(componentValue(request('/path'), id('@query')), '?');
  t.equal(componentValue(request('/path?'), id('@query')), '?');
});

t.test('§2.2.8 @query-param', async (t) => {
  const r = request('/path?param=value&foo=bar&baz=batman&qux=');
  t.equal(line(r, id('@query-param', { name: 'baz' })), '"@query-param";name="baz": batman');
  t.equal(line(r, id('@query-param', { name: 'qux' })), '"@query-param";name="qux": ');
  t.equal(line(r, id('@query-param', { name: 'param' })), '"@query-param";name="param": value');

  const p = request('/parameters?var=this%20is%20a%20big%0Amultiline%20value&bar=with+plus+whitespace&fa%C3%A7ade%22%3A%20=something');
  t.equal(line(p, id('@query-param', { name: 'var' })), '"@query-param";name="var": this%20is%20a%20big%0Amultiline%20value');
  t.equal(line(p, id('@query-param', { name: 'bar' })), '"@query-param";name="bar": with%20plus%20whitespace');
  t.equal(line(p, id('@query-param', { name: 'fa%C3%A7ade%22%3A%20' })), '"@query-param";name="fa%C3%A7ade%22%3A%20": something');
  t.equal(componentValue(request('/p?x=a~b!'), id('@query-param', { name: 'x' })), 'a%7Eb%21', 'form-urlencoded set, not encodeURIComponent');

  t.throws(() => componentValue(request('/p?a=1&a=2'), id('@query-param', { name: 'a' })), { code: 'signature_invalid' }, 'repeated name');
  t.throws(() => componentValue(r, id('@query-param', { name: 'nope' })), { code: 'signature_invalid' }, 'absent name');
  t.throws(() => componentValue(r, id('@query-param')), { code: 'signature_invalid' }, 'no name parameter');
});

t.test('other derived components', async (t) => {
  const r: SignedRequest = { method: 'POST', target: '/v1/me?x=1', authority: 'api.example.com:443', scheme: 'https', headers: {} };
  t.equal(componentValue(r, id('@method')), 'POST');
  t.equal(componentValue(r, id('@authority')), 'api.example.com', 'default port dropped');
  t.equal(componentValue({ ...r, authority: 'Localhost:3020', scheme: 'http' }, id('@authority')), 'localhost:3020');
  t.equal(componentValue(r, id('@scheme')), 'https');
  t.equal(componentValue(r, id('@target-uri')), 'https://api.example.com/v1/me?x=1');
  t.equal(componentValue(r, id('@request-target')), '/v1/me?x=1');
  t.equal(componentValue(r, id('@path')), '/v1/me');
  t.equal(componentValue({ ...r, target: 'https://api.example.com?a=b' }, id('@path')), '/');
  t.equal(componentValue({ ...r, target: 'https://api.example.com/x/y?a=b' }, id('@query')), '?a=b');
});

t.test('@path and @query of origin-form targets split at the first "?", as the absolute form does', async (t) => {
  for (const [path, query] of [['/', ''], ['/v1/me', '?x=1?y=2'], ['//a//b/', '?'], ['/a%2Fb', '?q=%3F'], ['/p', '']]) {
    for (const target of [`${path}${query}`, `https://api.example.com${path}${query}`]) {
      t.equal(componentValue(request(target), id('@path')), path, `${target}: path`);
      t.equal(componentValue(request(target), id('@query')), query === '' ? '?' : query, `${target}: query`);
    }
  }
  t.throws(() => componentValue(request('/a#b'), id('@path')), { code: 'signature_invalid' }, 'a fragment');
  t.throws(() => componentValue(request('/a?b#c'), id('@query')), { code: 'signature_invalid' }, 'a fragment after the query');
});

t.test('header fields', async (t) => {
  const r = request('/', {
    'x-list': ['  a ', 'b\r\n  c'],
    'x-empty': '',
    'x-dict': 'a=1,   b=?1;p, c=(1 2)',
    'cache-control': 'max-age=60, must-revalidate',
  });
  t.equal(componentValue(r, id('x-list')), 'a, b c', 'trimmed, joined, obs-fold removed');
  t.equal(line(r, id('x-empty')), '"x-empty": ');
  t.equal(componentValue(r, id('x-dict', { key: 'c' })), '(1 2)');
  t.equal(componentValue(r, id('x-dict', { key: 'b' })), '?1;p');
  t.equal(componentValue(r, id('x-list', { bs: true })), ':YQ==:, :YiBj:');
  t.equal(componentValue(request('/', { 'content-digest': 'sha-256=:AAAA:,sha-512=:BBBB:' }), id('content-digest', { sf: true })), 'sha-256=:AAAA:, sha-512=:BBBB:');
  t.equal(componentValue(request('/', { 'x-items': '1,   "a";q=1.50' }), id('x-items', { sf: true })), '1, "a";q=1.5');
});

t.test('refusals are signature_invalid', async (t) => {
  const r = request('/', { 'x-dict': 'a=1', 'x-bad': 'a=(' , 'x-utf': 'caf\u00e9' });
  const cases: [string, ComponentId][] = [
    ['missing header', id('x-missing')],
    ['a name of an Object method', id('constructor')],
    ['uppercase name', id('Content-Type')],
    ['unknown derived', id('@status')],
    ['@signature-params covered', id('@signature-params')],
    ['req', id('@method', { req: true })],
    ['tr', id('x-dict', { tr: true })],
    ['unknown parameter', id('x-dict', { foo: true })],
    ['parameter on @path', id('@path', { name: 'x' })],
    ['absent key', id('x-dict', { key: 'b' })],
    ['malformed sf', id('x-bad', { sf: true })],
    ['bs with sf', id('x-dict', { sf: true, bs: true })],
    ['non-ASCII value', id('x-utf')],
  ];
  for (const [name, c] of cases) {
    t.throws(() => componentValue(r, c), { code: 'signature_invalid' }, name);
  }
  t.throws(() => componentValue(request('*'), id('@path')), { code: 'signature_invalid' }, 'asterisk-form');
});

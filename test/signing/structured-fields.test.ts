import t from 'tap';
import { serializeDictionary, serializeInnerList, serializeList, serializeComponentId } from '../../src/signing/structured-fields-serialize.js';
import {
  Decimal, DisplayString, isInnerList, parseDictionary, parseItem, parseList, SfDate, StructuredFieldError, Token,
} from '../../src/signing/structured-fields.js';

t.test('dictionary members and parameters', async (t) => {
  const d = parseDictionary('  sig1=("@method" "@path";x);created=1618884473;keyid="k\\"1", b, c=?0, d=-1.25;t=tok/x, e=:AQID:, f=@1659578233, g=%"f%c3%bc%22"  ');
  t.same([...d.keys()], ['sig1', 'b', 'c', 'd', 'e', 'f', 'g']);
  const sig = d.get('sig1');
  if (!sig || !isInnerList(sig)) throw new Error('inner list expected');
  t.same(sig.items.map((i) => i.value), ['@method', '@path']);
  t.equal(sig.items[1]?.params.get('x'), true);
  t.equal(sig.params.get('created'), 1618884473);
  t.equal(sig.params.get('keyid'), 'k"1');
  t.same(d.get('b'), { value: true, params: new Map() });
  t.same(d.get('c'), { value: false, params: new Map() });
  t.same(d.get('d'), { value: new Decimal(-1.25), params: new Map([['t', new Token('tok/x')]]) });
  t.same(d.get('e'), { value: Buffer.from([1, 2, 3]), params: new Map() });
  t.same(d.get('f'), { value: new SfDate(1659578233), params: new Map() });
  t.same(d.get('g'), { value: new DisplayString('fü"'), params: new Map() });
  t.equal(serializeDictionary(d),
    'sig1=("@method" "@path";x);created=1618884473;keyid="k\\"1", b, c=?0, d=-1.25;t=tok/x, e=:AQID:, f=@1659578233, g=%"f%c3%bc%22"');
  t.equal(serializeDictionary(parseDictionary('a=1, a=2, b')), 'a=2, b', 'a repeated key keeps the last value');
  t.equal(parseDictionary('').size, 0);
});

t.test('lists, items, inner lists', async (t) => {
  t.equal(serializeList(parseList('1,2.50 ,  ( "a"   b );q , *tok')), '1, 2.5, ("a" b);q, *tok');
  t.same(parseItem('42;a=1'), { value: 42, params: new Map([['a', 1]]) });
  t.equal(serializeInnerList({ items: [], params: new Map() }), '()');
  t.equal(serializeComponentId({ name: '@query-param', params: new Map([['name', 'a b']]) }), '"@query-param";name="a b"');
  t.equal(serializeComponentId({ name: '@query-param', params: new Map([['name', 'a\\b"c']]) }), '"@query-param";name="a\\\\b\\"c"',
    'backslash and quote escaped');
  t.equal(serializeList([{ value: new Decimal(1.0005), params: new Map() }, { value: new Decimal(1.0015), params: new Map() }]), '1.0, 1.002',
    'round half to even at three digits');
});

t.test('malformed input throws', async (t) => {
  const bad = [
    'a=', 'A=1', 'a=1,', 'a=1 b=2', 'a=(1 2', 'a=("x")x', 'a="unterminated', 'a="bad\\n"', 'a="tab\t"',
    'a=1.', 'a=1.2345', 'a=1234567890123.1', 'a=1234567890123456', 'a=-', 'a=?2', 'a=:not base64!:', 'a=:abc',
    'a=@1.5', 'a=%"x', 'a=%"%C3%BC"', 'a=%"%ff"', 'a=#', 'a=1;', 'a=1;B=2', 'a=é',
  ];
  for (const input of bad) t.throws(() => parseDictionary(input), StructuredFieldError, input);
  t.throws(() => parseItem('1 2'), StructuredFieldError);
  t.throws(() => serializeComponentId({ name: 'é', params: new Map() }), StructuredFieldError);
  t.throws(() => serializeList([{ value: 1.5, params: new Map() }]), StructuredFieldError, 'a plain number must be an integer');
});

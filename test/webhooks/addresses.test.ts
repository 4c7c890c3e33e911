// The SSRF guard walks the IANA special-purpose registries: for every range its first and last
// address are refused and the address just outside is not refused by that range; an IPv4 address
// inside an IPv6 one is judged as IPv4.
import t from 'tap';
import { BlockList, isIP } from 'node:net';
import { parseRanges, refusal, urlRefusal } from '../../src/webhooks/addresses.js';
import { embeddingRanges, specialRanges } from '../../src/webhooks/special-ranges.js';

const none = new BlockList();

/** A range's first and last address, and the ones just before and after it (when they exist). */
function bounds(range: string) {
  const [address, bits] = range.split('/') as [string, string];
  const width = isIP(address) === 6 ? 128 : 32;
  const value = toBigInt(address);
  const size = 1n << BigInt(width - Number(bits));
  const first = value & ~(size - 1n);
  const last = first + size - 1n;
  const max = (1n << BigInt(width)) - 1n;
  const show = (v: bigint) => (width === 32 ? fromBigInt4(v) : fromBigInt6(v));
  return { first: show(first), last: show(last), outside: [first - 1n, last + 1n].filter((v) => v >= 0n && v <= max).map(show) };
}

function toBigInt(address: string): bigint {
  if (isIP(address) === 4) return address.split('.').reduce((n, o) => (n << 8n) | BigInt(o), 0n);
  const [head = '', tail] = address.split('::');
  const g = (s: string) => (s ? s.split(':') : []);
  const groups = tail === undefined ? g(head) : [...g(head), ...Array<string>(8 - g(head).length - g(tail).length).fill('0'), ...g(tail)];
  return groups.reduce((n, x) => (n << 16n) | BigInt(parseInt(x, 16)), 0n);
}
const fromBigInt4 = (v: bigint) => [24n, 16n, 8n, 0n].map((s) => String((v >> s) & 255n)).join('.');
const fromBigInt6 = (v: bigint) => Array.from({ length: 8 }, (_, i) => ((v >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(':');

t.test('every refused range of the registries: first and last address refused, naming the range and its RFC', async (t) => {
  for (const { range, name, rfc } of specialRanges) {
    const { first, last, outside } = bounds(range);
    // 255.255.255.255 is named by its own /32, not by 240.0.0.0/4 around it.
    const narrower = specialRanges.filter((r) => r.range !== range && [bounds(r.range).first, bounds(r.range).last].every((a) => [first, last].includes(a)));
    for (const address of [first, last]) {
      const expected = [{ range, name, rfc }, ...narrower].map((r) => `is in ${r.range}, ${r.name} (${r.rfc})`);
      t.ok(expected.some((e) => refusal(address, none)?.endsWith(e)), `${address} (${range}): ${refusal(address, none)}`);
    }
    for (const address of outside) t.notMatch(refusal(address, none) ?? '', `is in ${range},`, `${address} is outside ${range}`);
  }
});

t.test('an IPv4 address inside an IPv6 one is judged as IPv4', async (t) => {
  for (const { range, at } of embeddingRanges) {
    const base = toBigInt(range.split('/')[0]!);
    const carrying = (ipv4: string) => fromBigInt6(base | (toBigInt(ipv4) << BigInt(8 * (16 - at - 4))));
    t.match(refusal(carrying('127.0.0.1'), none), `carries 127.0.0.1 (${range}`, `${range}: loopback inside`);
    t.match(refusal(carrying('169.254.169.254'), none), 'carries 169.254.169.254', `${range}: the metadata address inside`);
    t.match(refusal(carrying('10.0.0.1'), none), 'Private-Use (RFC 1918)', `${range}: a private address inside`);
    t.equal(refusal(carrying('8.8.8.8'), none), undefined, `${range}: a public address inside may be called`);
  }
  for (const address of ['::7f00:1', '::ffff:0:7f00:1', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe', '::ffff:127.0.0.1', '2002:7f00:1::', '::ffff:a9fe:a9fe']) {
    t.ok(refusal(address, none), `${address} is refused`);
  }
  t.match(refusal('64:ff9b::a9fe:a9fe', none), /carries 169\.254\.169\.254 .*Link Local \(RFC 3927\)/);
  t.match(refusal('64:ff9b:1::7f00:1', none), 'is in 64:ff9b:1::/48', 'the local-use translation prefix is refused whole');
});

t.test('public addresses may be called; WEBHOOK_ALLOW_ADDRESSES exempts its ranges', async (t) => {
  for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001::200e']) t.equal(refusal(address, none), undefined, address);
  const allowed = parseRanges(['127.0.0.0/8', 'fd00::/8']);
  t.equal(refusal('127.0.0.1', allowed), undefined);
  t.equal(refusal('::ffff:127.0.0.1', allowed), undefined, 'the IPv4 inside is judged against the exemptions too');
  t.equal(refusal('fd00::1', allowed), undefined);
  t.ok(refusal('10.0.0.1', allowed));
});

t.test('a URL with a literal address is judged as at send time; brackets and every IPv4 notation included', async (t) => {
  const policy = { allowHttp: false, allowed: none };
  for (const url of ['https://[::7f00:1]/', 'https://[::ffff:0:7f00:1]/', 'https://[64:ff9b::7f00:1]/', 'https://[64:ff9b::a9fe:a9fe]/', 'https://127.1/', 'https://2130706433/', 'https://0x7f.0.0.1/', 'https://[::1]/', 'https://169.254.169.254/latest']) {
    t.match(urlRefusal(url, policy), / is in | carries /, url);
  }
  t.equal(urlRefusal('https://8.8.8.8/hook', policy), undefined);
  t.equal(urlRefusal('https://hooks.example.org/x', policy), undefined, 'a host name is judged once resolved, at send time');
});

// Where a webhook may be sent: the URL's scheme, and the addresses its host resolves to at send
// time. Private, loopback, link-local, multicast and other special ranges are refused unless the
// configuration allow-lists them (WEBHOOK_ALLOW_ADDRESSES), so a partner's URL cannot reach into
// the operator's network.
import { BlockList, isIP } from 'node:net';

const refusedRanges: Array<[string, number, 'ipv4' | 'ipv6', string]> = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'private'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'private'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'private'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['fc00::', 7, 'ipv6', 'private'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

export interface AddressPolicy {
  allowHttp: boolean;
  /** CIDR ranges exempt from the refusal, e.g. `127.0.0.0/8` for tests and development. */
  allowed: string[];
}

/** Parses `a.b.c.d/n` or `x::y/n` entries; throws with the offending entry. */
export function parseRanges(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) throw new Error(`not an address range: ${entry}`);
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

const kinds = refusedRanges.map(([address, prefix, family, kind]) => {
  const list = new BlockList();
  list.addSubnet(address, prefix, family);
  return { list, kind };
});

/** Why the address may not be called, or undefined when it may. IPv4-mapped IPv6 is judged as IPv4. */
export function refusal(address: string, allowed: BlockList): string | undefined {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  if (allowed.check(plain, family)) return undefined;
  const hit = kinds.find((k) => k.list.check(plain, family));
  return hit && `${plain} is a ${hit.kind} address`;
}

/** Why the URL cannot be an endpoint, or undefined. */
export function urlRefusal(raw: string, policy: Pick<AddressPolicy, 'allowHttp'>): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not an absolute URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) return policy.allowHttp ? 'the URL must be http or https' : 'the URL must be https';
  if (url.username || url.password) return 'the URL must not carry credentials';
  if (url.hash) return 'the URL must not have a fragment';
  return undefined;
}

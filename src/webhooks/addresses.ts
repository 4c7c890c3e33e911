// Where a webhook may be sent: the URL an operator gives, and the addresses its host resolves to
// at send time. Every special-purpose range of the IANA registries is refused (special-ranges.ts),
// an IPv4 address inside an IPv6 one is judged as IPv4, and the configuration may exempt ranges
// (WEBHOOK_ALLOW_ADDRESSES, for development), so a partner's URL cannot reach into the operator's
// network.
import { BlockList, isIP } from 'node:net';
import { embeddingRanges, specialRanges, type SpecialRange } from './special-ranges.js';

export interface AddressPolicy {
  allowHttp: boolean;
  /** Ranges exempt from the refusal, e.g. `127.0.0.0/8` for tests and development. */
  allowed: BlockList;
}

type Family = 'ipv4' | 'ipv6';

function subnet(list: BlockList, entry: string): Family {
  const [address = '', bits] = entry.split('/');
  const family = isIP(address);
  const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
  if (family === 0 || !/^[0-9]*$/.test(bits ?? '') || prefix > (family === 6 ? 128 : 32)) throw new Error(`not an address range: ${entry}`);
  list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  return family === 6 ? 'ipv6' : 'ipv4';
}

/** Parses `a.b.c.d/n` or `x::y/n` entries; throws with the offending entry. */
export function parseRanges(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) subnet(list, entry);
  return list;
}

// Most specific first, so an address is named by the narrowest range that holds it.
const prefix = (row: SpecialRange) => Number(row.range.split('/')[1]);
const tables = <R extends SpecialRange>(rows: readonly R[]) => [...rows].sort((a, b) => prefix(b) - prefix(a)).map((row) => {
  const list = new BlockList();
  return { row, list, family: subnet(list, row.range) };
});
const refused = tables(specialRanges);
const embedding = tables(embeddingRanges);

/** The 16 bytes of a valid IPv6 address (a trailing dotted quad and `::` included). */
function ipv6Bytes(address: string): number[] {
  const text = address.replace(/%.*$/, '').replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`);
  const [head = '', tail] = text.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  const all = tail === undefined ? groups(head) : [...groups(head), ...Array<string>(8 - groups(head).length - groups(tail).length).fill('0'), ...groups(tail)];
  return all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}

const familyOf = (address: string): Family | undefined => (isIP(address) === 4 ? 'ipv4' : isIP(address) === 6 ? 'ipv6' : undefined);

/** Why the address may not be called, or undefined when it may. */
export function refusal(address: string, allowed: BlockList): string | undefined {
  const family = familyOf(address);
  if (!family) return `${address} is not an IP address`;
  if (allowed.check(address, family)) return undefined;
  const hit = refused.find((r) => r.family === family && r.list.check(address, family))?.row;
  if (hit) return `${address} is in ${hit.range}, ${hit.name} (${hit.rfc})`;
  const carrier = family === 'ipv6' ? embedding.find((r) => r.family === family && r.list.check(address, family))?.row : undefined;
  if (!carrier) return undefined;
  const ipv4 = ipv6Bytes(address).slice(carrier.at, carrier.at + 4).join('.');
  const inner = refusal(ipv4, allowed);
  return inner && `${address} carries ${ipv4} (${carrier.range}, ${carrier.name}): ${inner}`;
}

const maxUrlLength = 2048;

// White space, control and format characters (the bidi controls among them): a URL shown by
// `webhook list` must read as what it is.
const unprintable = /[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why the URL cannot be an endpoint, or undefined. A literal address is judged as at send time. */
export function urlRefusal(raw: string, policy: AddressPolicy): string | undefined {
  if (raw.length > maxUrlLength) return `the URL must be at most ${maxUrlLength} characters, not ${raw.length}`;
  const bad = unprintable.exec(raw);
  if (bad) return `the URL must not contain white space, control or bidi characters (${hex(bad[0])} at ${bad.index})`;
  const port = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*:([0-9]+)(?:[/?#]|$)/i.exec(raw)?.[1];
  if (port !== undefined && !(Number(port) >= 1 && Number(port) <= 65535)) return `the port must be from 1 to 65535, not ${port}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not an absolute URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) return policy.allowHttp ? 'the URL must be http or https' : 'the URL must be https';
  if (url.username || url.password) return 'the URL must not carry user info';
  if (url.hash) return 'the URL must not have a fragment';
  if (url.hostname.length > 253) return 'the host name must be at most 253 characters';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? refusal(host, policy.allowed) : undefined;
}

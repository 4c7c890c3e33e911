// The ranges a webhook may never reach, as data: the IANA IPv4 and IPv6 Special-Purpose Address
// Registries (as of 2025) and the few blocks of the address-space registries that are not unicast
// on the internet (multicast, reserved, the deprecated site-local). Every row whose "Globally
// Reachable" is False or N/A is here. Three rows are globally reachable anycast services and are
// refused all the same (`reachable: true`), since no partner's receiver lives there: AS112, AMT,
// and the anycast addresses inside 192.0.0.0/24 and 2001::/23 (PCP, TURN, DNS-SD SRP, AS112-v6,
// AMT, ORCHIDv2, DRIP): the whole of both blocks is refused, exceptions included.
//
// The blocks that carry an IPv4 address are not refused as such: the IPv4 address inside is
// judged instead (`embedded`), so ::ffff:8.8.8.8 may be called and ::ffff:127.0.0.1 may not.

export interface SpecialRange {
  range: string;
  name: string;
  rfc: string;
  /** The registry says globally reachable; refused because no webhook receiver is there. */
  reachable?: true;
}

export interface EmbeddingRange extends SpecialRange {
  /** The byte of the IPv6 address where the 4 bytes of the IPv4 address begin. */
  at: number;
}

export const specialRanges: readonly SpecialRange[] = [
  { range: '0.0.0.0/8', name: 'This network', rfc: 'RFC 791' },
  { range: '10.0.0.0/8', name: 'Private-Use', rfc: 'RFC 1918' },
  { range: '100.64.0.0/10', name: 'Shared Address Space', rfc: 'RFC 6598' },
  { range: '127.0.0.0/8', name: 'Loopback', rfc: 'RFC 1122' },
  { range: '169.254.0.0/16', name: 'Link Local', rfc: 'RFC 3927' },
  { range: '172.16.0.0/12', name: 'Private-Use', rfc: 'RFC 1918' },
  { range: '192.0.0.0/24', name: 'IETF Protocol Assignments', rfc: 'RFC 6890' },
  { range: '192.0.2.0/24', name: 'Documentation (TEST-NET-1)', rfc: 'RFC 5737' },
  { range: '192.31.196.0/24', name: 'AS112-v4', rfc: 'RFC 7535', reachable: true },
  { range: '192.52.193.0/24', name: 'AMT', rfc: 'RFC 7450', reachable: true },
  { range: '192.88.99.0/24', name: 'Deprecated (6to4 Relay Anycast)', rfc: 'RFC 7526' },
  { range: '192.168.0.0/16', name: 'Private-Use', rfc: 'RFC 1918' },
  { range: '192.175.48.0/24', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534', reachable: true },
  { range: '198.18.0.0/15', name: 'Benchmarking', rfc: 'RFC 2544' },
  { range: '198.51.100.0/24', name: 'Documentation (TEST-NET-2)', rfc: 'RFC 5737' },
  { range: '203.0.113.0/24', name: 'Documentation (TEST-NET-3)', rfc: 'RFC 5737' },
  { range: '224.0.0.0/4', name: 'Multicast', rfc: 'RFC 5771' },
  { range: '240.0.0.0/4', name: 'Reserved', rfc: 'RFC 1112' },
  { range: '255.255.255.255/32', name: 'Limited Broadcast', rfc: 'RFC 919' },
  { range: '::/128', name: 'Unspecified Address', rfc: 'RFC 4291' },
  { range: '::1/128', name: 'Loopback Address', rfc: 'RFC 4291' },
  { range: '64:ff9b:1::/48', name: 'IPv4-IPv6 Translat. (local use)', rfc: 'RFC 8215' },
  { range: '100::/64', name: 'Discard-Only Address Block', rfc: 'RFC 6666' },
  { range: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix', rfc: 'RFC 9780' },
  { range: '2001::/23', name: 'IETF Protocol Assignments', rfc: 'RFC 2928' },
  { range: '2001:db8::/32', name: 'Documentation', rfc: 'RFC 3849' },
  { range: '2620:4f:8000::/48', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534', reachable: true },
  { range: '3fff::/20', name: 'Documentation', rfc: 'RFC 9637' },
  { range: '5f00::/16', name: 'Segment Routing (SRv6) SIDs', rfc: 'RFC 9602' },
  { range: 'fc00::/7', name: 'Unique-Local', rfc: 'RFC 4193' },
  { range: 'fe80::/10', name: 'Link-Local Unicast', rfc: 'RFC 4291' },
  { range: 'fec0::/10', name: 'Site-Local (deprecated)', rfc: 'RFC 3879' },
  { range: 'ff00::/8', name: 'Multicast', rfc: 'RFC 4291' },
];

/** Judged by the IPv4 address they carry; ::/128 and ::1/128 above are refused before this. */
export const embeddingRanges: readonly EmbeddingRange[] = [
  { range: '::ffff:0:0/96', name: 'IPv4-mapped Address', rfc: 'RFC 4291', at: 12 },
  { range: '::/96', name: 'IPv4-compatible Address (deprecated)', rfc: 'RFC 4291', at: 12 },
  { range: '::ffff:0:0:0/96', name: 'IPv4-translated Address', rfc: 'RFC 2765', at: 12 },
  { range: '64:ff9b::/96', name: 'IPv4-IPv6 Translat.', rfc: 'RFC 6052', at: 12 },
  { range: '2002::/16', name: '6to4', rfc: 'RFC 3056', at: 2 },
];

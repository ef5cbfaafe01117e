import { isIPv4, isIPv6 } from './validation/predicates.js';

/**
 * IP addresses as bytes: parsing, canonical text, and the IPv4 address some IPv6 forms carry.
 * Comparing addresses as text is wrong (`::ffff:7f00:1` is 127.0.0.1), so every rule about
 * addresses goes through these: the agent's guard and IP match, and the alerts' mismatch verdict.
 */

/** The 4 bytes of a dotted-quad IPv4 address; null when the text is not one. */
export function parseIpv4(text: string): Uint8Array | null {
  if (!isIPv4(text)) return null;
  return Uint8Array.from(text.split('.').map(Number));
}

export function formatIpv4(bytes: Uint8Array): string {
  return Array.from(bytes).join('.');
}

function expandIpv6Groups(text: string): number[] | null {
  let body = text;
  const tail: number[] = [];
  const embeddedV4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (embeddedV4?.[1]) {
    const v4 = parseIpv4(embeddedV4[1]);
    if (!v4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    tail.push((a << 8) | b, (c << 8) | d);
    body = body.slice(0, -embeddedV4[1].length);
    if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1);
  }
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head = '', rest] = body.split('::');
  const left = parse(head);
  if (rest === undefined) return [...left, ...tail];
  const right = [...parse(rest), ...tail];
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The 16 bytes of an IPv6 address (a zone such as `%eth0` is ignored); null when the text is not one. */
export function parseIpv6(text: string): Uint8Array | null {
  const address = text.toLowerCase().replace(/%.*$/, '');
  if (!isIPv6(address)) return null;
  const groups = expandIpv6Groups(address);
  if (groups?.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  return bytes;
}

/** The RFC 5952 text of 16 address bytes: lower case, longest zero run (of two or more) as `::`. */
export function formatIpv6(bytes: Uint8Array): string {
  const groups = Array.from({ length: 8 }, (_, index) => ((bytes[index * 2] ?? 0) << 8) | (bytes[index * 2 + 1] ?? 0));
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length++;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** Whether the first `bits` bits of `bytes` equal those of `prefix`. */
export function hasPrefix(bytes: Uint8Array, prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

interface Ipv4Carrier {
  prefix: number[];
  bits: number;
  /** Byte offset of the carried IPv4 address. */
  at: number;
}

const IPV4_MAPPED: Ipv4Carrier = { prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], bits: 96, at: 12 }; // ::ffff:0:0/96

/** IPv6 forms whose packets go to the IPv4 address they carry, and where it sits. */
const IPV4_CARRIERS: readonly Ipv4Carrier[] = [
  IPV4_MAPPED,
  { prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0], bits: 96, at: 12 }, // ::ffff:0:0:0/96 IPv4-translated (SIIT)
  { prefix: [], bits: 96, at: 12 }, // ::/96 IPv4-compatible (deprecated, still routed by some stacks)
  { prefix: [0, 0x64, 0xff, 0x9b], bits: 96, at: 12 }, // 64:ff9b::/96 NAT64
  { prefix: [0x20, 0x02], bits: 16, at: 2 }, // 2002::/16 6to4
];

/** The IPv4 address an IPv6 address carries (mapped, translated, compatible, NAT64, 6to4); null when none. */
export function embeddedIpv4(bytes: Uint8Array): Uint8Array | null {
  const carrier = IPV4_CARRIERS.find(({ prefix, bits }) => hasPrefix(bytes, prefix, bits));
  return carrier ? bytes.slice(carrier.at, carrier.at + 4) : null;
}

/**
 * One text per address, for comparing: IPv4 as dotted quad, IPv4-mapped IPv6 as its IPv4, other
 * IPv6 in RFC 5952 form. Text that is no address comes back trimmed and lower-cased.
 */
export function canonicalIp(text: string): string {
  const trimmed = text.trim();
  const v4 = parseIpv4(trimmed);
  if (v4) return formatIpv4(v4);
  const v6 = parseIpv6(trimmed);
  if (!v6) return trimmed.toLowerCase();
  return hasPrefix(v6, IPV4_MAPPED.prefix, IPV4_MAPPED.bits) ? formatIpv4(v6.slice(IPV4_MAPPED.at)) : formatIpv6(v6);
}

/** Whether two texts name the same address (`::ffff:7f00:1` and `127.0.0.1` do). */
export function sameAddress(left: string, right: string): boolean {
  return canonicalIp(left) === canonicalIp(right);
}

/** The resolved addresses outside the expected set, compared as addresses, in the order resolved. */
export function unexpectedIps(resolvedIps: readonly string[], matchingIps: readonly string[]): string[] {
  const expected = new Set(matchingIps.map(canonicalIp));
  return resolvedIps.filter((ip) => !expected.has(canonicalIp(ip)));
}

/**
 * Whether every resolved address is one the task expects, compared as addresses (`::FFFF:1.2.3.4`
 * is 1.2.3.4). null when the task expects none, or when nothing resolved (nothing to compare).
 */
export function ipMatchOf(resolvedIps: readonly string[], matchingIps: readonly string[]): boolean | null {
  if (matchingIps.length === 0 || resolvedIps.length === 0) return null;
  return unexpectedIps(resolvedIps, matchingIps).length === 0;
}

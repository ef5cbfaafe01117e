import { isIPv4, isIPv6 } from './predicates.js';

/**
 * Which probe targets stay on the node's own machine or network: loopback, private and link-local
 * addresses (with "this network" 0.0.0.0/8 and ::, which reach the machine itself, and the shared
 * carrier-grade NAT space), which a node probes only when its operator allowed private targets.
 * The agent's guard (src/agent/checks/target.ts) refuses these and the other non-public ranges
 * (documentation, benchmarking, multicast, reserved) at check time; tests/server/private-targets
 * holds this rule inside the agent's. The others are left to the agent: nobody watches them.
 */

type Range = readonly [prefix: readonly number[], bits: number];

const PRIVATE_V4: readonly Range[] = [
  [[0], 8],
  [[10], 8],
  [[100, 64], 10],
  [[127], 8],
  [[169, 254], 16],
  [[172, 16], 12],
  [[192, 168], 16],
];

/** Unique-local fc00::/7 and link-local fe80::/10; loopback and unspecified come as IPv4-compatible forms. */
const PRIVATE_V6: readonly Range[] = [
  [[0xfc], 7],
  [[0xfe, 0x80], 10],
];

/** IPv6 forms whose packets go to the IPv4 address they carry (mapped, translated, compatible, NAT64, 6to4), and where it sits. */
const IPV4_CARRIERS: readonly { prefix: number[]; bits: number; at: number }[] = [
  { prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], bits: 96, at: 12 },
  { prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0], bits: 96, at: 12 },
  { prefix: [], bits: 96, at: 12 },
  { prefix: [0, 0x64, 0xff, 0x9b], bits: 96, at: 12 },
  { prefix: [0x20, 0x02], bits: 16, at: 2 },
];

function hasPrefix(bytes: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

const inAny = (bytes: readonly number[], ranges: readonly Range[]) => ranges.some(([prefix, bits]) => hasPrefix(bytes, prefix, bits));

const ipv4Bytes = (text: string): number[] => text.split('.').map(Number);

function groupsOf(part: string): number[] {
  if (part === '') return [];
  return part.split(':').flatMap((group) => {
    if (!group.includes('.')) return [parseInt(group, 16)];
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(group);
    return [(a << 8) | b, (c << 8) | d];
  });
}

/** The 16 bytes of a valid IPv6 address (zone ignored). */
function ipv6Bytes(text: string): number[] {
  const [head = '', tail] = text.replace(/%.*$/, '').split('::');
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

function isPrivateV6(bytes: number[]): boolean {
  const carrier = IPV4_CARRIERS.find(({ prefix, bits }) => hasPrefix(bytes, prefix, bits));
  if (carrier) return inAny(bytes.slice(carrier.at, carrier.at + 4), PRIVATE_V4);
  return inAny(bytes, PRIVATE_V6);
}

/** Whether an IP address literal is loopback, private or link-local (see above); false for anything else. */
export function isPrivateAddress(text: string): boolean {
  const host = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (isIPv4(host)) return inAny(ipv4Bytes(host), PRIVATE_V4);
  if (isIPv6(host.replace(/%.*$/, ''))) return isPrivateV6(ipv6Bytes(host));
  return false;
}

/**
 * A host known to stay on the node or its network without asking any resolver: a private address
 * literal, or `localhost` and its subdomains (RFC 6761). Other names are judged by the address they
 * resolve to, on the node, when checked.
 */
export function isLocalOnlyHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  return isPrivateAddress(name) || name === 'localhost' || name.endsWith('.localhost');
}

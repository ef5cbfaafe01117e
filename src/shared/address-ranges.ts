import { embeddedIpv4, hasPrefix, parseIpv4, parseIpv6 } from './ip.js';

/**
 * Which addresses are not on the public Internet, the one list of it: the agent's target guard,
 * the server's refusal of private targets at task creation and the push endpoint guard all judge
 * through these two functions. IPv6 forms that carry an IPv4 address (mapped, translated,
 * compatible, NAT64, 6to4) are judged by the address they carry.
 */

type Range = readonly [prefix: readonly number[], bits: number];

/**
 * Ranges that stay on the node's own machine or network: "this network" 0.0.0.0/8 (reaches the
 * machine itself), private, shared carrier-grade NAT, loopback and link-local.
 */
const PRIVATE_V4: readonly Range[] = [
  [[0], 8],
  [[10], 8],
  [[100, 64], 10],
  [[127], 8],
  [[169, 254], 16], // cloud metadata at 169.254.169.254
  [[172, 16], 12],
  [[192, 168], 16],
];

/** The other IPv4 ranges that are not globally reachable (IANA special-purpose registry). */
const OTHER_NON_PUBLIC_V4: readonly Range[] = [
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // 6to4 relay anycast (deprecated)
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation
  [[203, 0, 113], 24], // documentation
  [[224], 4], // multicast
  [[240], 4], // reserved, and broadcast
];

const NON_PUBLIC_V4: readonly Range[] = [...PRIVATE_V4, ...OTHER_NON_PUBLIC_V4];

/** Unique-local fc00::/7 and link-local fe80::/10; loopback and unspecified come as IPv4-compatible forms. */
const PRIVATE_V6: readonly Range[] = [
  [[0xfc], 7],
  [[0xfe, 0x80], 10],
];

/** Non-public ranges inside 2000::/3 (everything outside it is non-public already). */
const NON_PUBLIC_V6_GLOBAL: readonly Range[] = [
  [[0x20, 0x01, 0x00], 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x3f, 0xff], 20], // documentation
];

const inAny = (bytes: Uint8Array, ranges: readonly Range[]): boolean => ranges.some(([prefix, bits]) => hasPrefix(bytes, prefix, bits));

function isNonPublicV6(bytes: Uint8Array): boolean {
  const carried = embeddedIpv4(bytes);
  if (carried) return inAny(carried, NON_PUBLIC_V4);
  // Only 2000::/3 is global unicast; the rest is loopback, unique-local, link-local, multicast or reserved.
  if (!hasPrefix(bytes, [0x20], 3)) return true;
  return inAny(bytes, NON_PUBLIC_V6_GLOBAL);
}

function isPrivateV6(bytes: Uint8Array): boolean {
  const carried = embeddedIpv4(bytes);
  return carried ? inAny(carried, PRIVATE_V4) : inAny(bytes, PRIVATE_V6);
}

const unbracketed = (text: string): string => (text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text);

/** Whether an address lies in a private, loopback, link-local or otherwise non-public range; true for non-addresses. */
export function isNonPublicAddress(text: string): boolean {
  const v4 = parseIpv4(text);
  if (v4) return inAny(v4, NON_PUBLIC_V4);
  const v6 = parseIpv6(text);
  return v6 ? isNonPublicV6(v6) : true;
}

/**
 * Whether an address literal (brackets allowed) stays on the node's machine or network: loopback,
 * private or link-local, which a node probes only when its operator allowed private targets. False
 * for anything else, names included. Every private address is non-public.
 */
export function isPrivateAddress(text: string): boolean {
  const host = unbracketed(text);
  const v4 = parseIpv4(host);
  if (v4) return inAny(v4, PRIVATE_V4);
  const v6 = parseIpv6(host);
  return v6 ? isPrivateV6(v6) : false;
}

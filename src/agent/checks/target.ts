import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Failure } from '../../shared/probe/results.js';
import { embeddedIpv4, hasPrefix, parseIpv4, parseIpv6 } from '../../shared/ip.js';

type Range = readonly [prefix: readonly number[], bits: number];

/** IPv4 ranges that are not globally reachable (IANA special-purpose registry). */
const NON_PUBLIC_V4: readonly Range[] = [
  [[0], 8], // this network
  [[10], 8], // private
  [[100, 64], 10], // carrier-grade NAT
  [[127], 8], // loopback
  [[169, 254], 16], // link-local (cloud metadata at 169.254.169.254)
  [[172, 16], 12], // private
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // 6to4 relay anycast (deprecated)
  [[192, 168], 16], // private
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation
  [[203, 0, 113], 24], // documentation
  [[224], 4], // multicast
  [[240], 4], // reserved, and broadcast
];

/** Non-public ranges inside 2000::/3 (everything outside it is non-public already). */
const NON_PUBLIC_V6_GLOBAL: readonly Range[] = [
  [[0x20, 0x01, 0x00], 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x3f, 0xff], 20], // documentation
];

const inAny = (bytes: Uint8Array, ranges: readonly Range[]): boolean => ranges.some(([prefix, bits]) => hasPrefix(bytes, prefix, bits));

function isNonPublicV6(bytes: Uint8Array): boolean {
  // Mapped, compatible, NAT64 and 6to4 forms reach the IPv4 address they carry: judge that one.
  const carried = embeddedIpv4(bytes);
  if (carried) return inAny(carried, NON_PUBLIC_V4);
  // Only 2000::/3 is global unicast; the rest is loopback, unique-local, link-local, multicast or reserved.
  if (!hasPrefix(bytes, [0x20], 3)) return true;
  return inAny(bytes, NON_PUBLIC_V6_GLOBAL);
}

/** Whether an address lies in a private, loopback, link-local or otherwise non-public range; true for non-addresses. */
export function isNonPublicAddress(ip: string): boolean {
  const v4 = parseIpv4(ip);
  if (v4) return inAny(v4, NON_PUBLIC_V4);
  const v6 = parseIpv6(ip);
  return v6 ? isNonPublicV6(v6) : true;
}

/** A host as written in options, without the brackets of an IPv6 literal. */
export function bareHost(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

export type Resolution = { ok: true; ips: string[] } | { ok: false; failure: Failure };

/** Resolves a host through the node's system resolver and refuses non-public targets unless allowed. */
export async function resolveTarget(host: string, allowPrivateTargets: boolean): Promise<Resolution> {
  let ips: string[];
  if (isIP(host)) {
    ips = [host];
  } else {
    try {
      ips = (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const failureCode = code === 'ENOTFOUND' || code === 'ENODATA' ? 'dns_nxdomain' : 'dns_error';
      return { ok: false, failure: { source: 'resolver', code: failureCode, detail: code ?? 'lookup failed' } };
    }
  }
  if (!allowPrivateTargets && ips.some(isNonPublicAddress)) {
    return { ok: false, failure: { source: 'probe', code: 'target_not_allowed' } };
  }
  return { ok: true, ips };
}

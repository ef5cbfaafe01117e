import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Push endpoints come from browsers, so a caller could name any URL: the server refuses to post to
 * private, loopback, link-local and other non-public addresses unless the operator allowed them
 * (a push service on the private network, or tests).
 */

// Two lists: a BlockList also checks IPv4 addresses against its IPv6 rules (as ::ffff:a.b.c.d).
const NON_PUBLIC_V4 = new BlockList();
const NON_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
// Outside 2000::/3 nothing is global unicast; inside it: Teredo and benchmarking, documentation, 6to4.
for (const [network, prefix] of [
  ['::', 3],
  ['4000::', 2],
  ['8000::', 1],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const) {
  NON_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** Whether an address is private, loopback, link-local or otherwise not on the public Internet; true for non-addresses. */
export function isNonPublicAddress(address: string): boolean {
  const mapped = MAPPED_V4.exec(address)?.[1];
  if (mapped) return NON_PUBLIC_V4.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? NON_PUBLIC_V4.check(address, 'ipv4') : NON_PUBLIC_V6.check(address, 'ipv6');
}

export class EndpointAddressError extends Error {
  override name = 'EndpointAddressError';
  readonly code = 'EPUSHADDRESS';
}

const bare = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/** The host of an endpoint is an address literal or a name that stays local (`localhost`). */
export function literalHostRefused(hostname: string): boolean {
  const host = bare(hostname).toLowerCase();
  if (isIP(host) !== 0) return isNonPublicAddress(host);
  return host === 'localhost' || host.endsWith('.localhost');
}

/**
 * A `lookup` for the sockets that post pushes: it refuses names resolving to any non-public
 * address, checked when connecting, so a name that changes its answer later is caught too.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      if (!allowPrivate && addresses.some((entry) => isNonPublicAddress(entry.address))) {
        return callback(new EndpointAddressError(`${hostname} resolves to a non-public address`), '');
      }
      const first = addresses[0];
      if (options.all) return callback(null, addresses);
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      return callback(null, first.address, first.family);
    });
  };
}

const RESOLVE_TIMEOUT_MS = 5_000;

/**
 * For a new subscription: refused when its host is, or resolves to, a non-public address. A name
 * that does not resolve now is let through: the connection-time check still guards every send.
 */
export async function endpointHostRefused(endpoint: string, allowPrivate: boolean): Promise<boolean> {
  if (allowPrivate) return false;
  const { hostname } = new URL(endpoint);
  if (literalHostRefused(hostname)) return true;
  if (isIP(bare(hostname)) !== 0) return false;
  const addresses = await new Promise<LookupAddress[]>((resolve) => {
    const timer = setTimeout(() => resolve([]), RESOLVE_TIMEOUT_MS);
    dnsLookup(hostname, { all: true }, (error, found) => {
      clearTimeout(timer);
      resolve(error ? [] : found);
    });
  });
  return addresses.some((entry) => isNonPublicAddress(entry.address));
}

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { isNonPublicAddress } from '../../../shared/address-ranges.js';

/**
 * Push endpoints come from browsers, so a caller could name any URL: the server refuses to post to
 * private, loopback, link-local and other non-public addresses unless the operator allowed them
 * (a push service on the private network, or tests).
 */

export { isNonPublicAddress };

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

import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Failure } from '../../shared/probe/results.js';
import { isNonPublicAddress } from '../../shared/address-ranges.js';
import { errnoOf, isNameNotFound } from '../../node-shared/socket-errors.js';

export { isNonPublicAddress };

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
      const code = errnoOf(error);
      const failureCode = isNameNotFound(code) ? 'dns_nxdomain' : 'dns_error';
      return { ok: false, failure: { source: 'resolver', code: failureCode, detail: code ?? 'lookup failed' } };
    }
  }
  if (!allowPrivateTargets && ips.some(isNonPublicAddress)) {
    return { ok: false, failure: { source: 'probe', code: 'target_not_allowed' } };
  }
  return { ok: true, ips };
}

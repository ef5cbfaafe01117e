import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Failure } from '../../shared/probe/results.js';

const PRIVATE_V4: readonly [number, number][] = [
  [0x00000000, 8], // this network
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 carrier-grade NAT
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local
  [0xac100000, 12], // 172.16/12
  [0xc0a80000, 16], // 192.168/16
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved and broadcast
];

function v4ToNumber(ip: string): number {
  return ip.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

function isPrivateV4(ip: string): boolean {
  const value = v4ToNumber(ip);
  return PRIVATE_V4.some(([base, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
}

function isPrivateV6(ip: string): boolean {
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return isPrivateV4(mapped[1]);
  if (lower === '::' || lower === '::1') return true;
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast
  return /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff');
}

/** Whether an address lies in a private, loopback, link-local or otherwise non-public range. */
export function isNonPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return isPrivateV4(ip);
  if (family === 6) return isPrivateV6(ip);
  return true;
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

/** null when the task expects no addresses; otherwise whether every resolved address is expected. */
export function ipMatchOf(resolvedIps: readonly string[], matchingIps: readonly string[]): boolean | null {
  if (matchingIps.length === 0) return null;
  const expected = new Set(matchingIps.map((ip) => ip.toLowerCase()));
  return resolvedIps.length > 0 && resolvedIps.every((ip) => expected.has(ip.toLowerCase()));
}

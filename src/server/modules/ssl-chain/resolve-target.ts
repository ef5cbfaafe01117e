import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isNonPublicAddress } from '../../../shared/address-ranges.js';
import { type ConnectionFailure, lookupFailureOf, TimeoutError } from './connection-failure.js';

export type Resolved = { ok: true; ip: string } | ({ ok: false } & ConnectionFailure);

/** Rejects with a timeout after `ms`; the timer never holds the process. */
export function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The address to connect to. Like a task's check on a node that does not allow private targets,
 * a name resolving to any non-public address (private, loopback, link-local, …) is refused.
 */
export async function resolveTarget(host: string, allowPrivate: boolean, ms: number): Promise<Resolved> {
  let ips: string[];
  try {
    ips = isIP(host) ? [host] : (await withinMs(lookup(host, { all: true, verbatim: true }), ms)).map((entry) => entry.address);
  } catch (error) {
    return { ok: false, ...lookupFailureOf(error) };
  }
  if (!allowPrivate && ips.some(isNonPublicAddress)) return { ok: false, failure: 'target_not_allowed', detail: null };
  const ip = ips[0];
  return ip === undefined ? { ok: false, failure: 'dns_failure', detail: 'ENODATA' } : { ok: true, ip };
}

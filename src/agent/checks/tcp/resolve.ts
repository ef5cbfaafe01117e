import { isIP } from 'node:net';
import type { Failure } from '../../../shared/probe/results.js';
import { resolveTarget } from '../target.js';
import { type Budget, clockNow, msBetween, type Settled, settleWithin } from '../clock.js';

export interface ResolvedTarget {
  /** Every address the host resolved to, for matching against the task's expected IPs. */
  ips: string[];
  /** The address probed: the first one. */
  ip: string;
  /** Resolution time; 0 for an IP literal, which needs no resolver. */
  dnsMs: number;
}

const resolverFailureOf = (error: unknown): Failure => ({
  source: 'resolver',
  code: 'dns_error',
  detail: String(error).slice(0, 500),
});

/** Resolves a check's host within its budget through the guarded system resolver. */
export async function resolveWithin(host: string, allowPrivateTargets: boolean, budget: Budget): Promise<Settled<ResolvedTarget>> {
  const started = clockNow();
  const lookup = resolveTarget(host, allowPrivateTargets).then((resolution) => ({ resolution, at: clockNow() }));
  const outcome = await settleWithin(lookup, budget, resolverFailureOf);
  if (!outcome.ok) {
    const failure = outcome.failure.code === 'timeout' ? { ...outcome.failure, source: 'resolver' as const } : outcome.failure;
    return { ok: false, failure };
  }
  const { resolution, at } = outcome.value;
  if (!resolution.ok) return { ok: false, failure: resolution.failure };
  const ip = resolution.ips[0];
  if (ip === undefined) return { ok: false, failure: { source: 'resolver', code: 'dns_no_answer' } };
  return { ok: true, value: { ips: resolution.ips, ip, dnsMs: isIP(host) ? 0 : msBetween(started, at) } };
}

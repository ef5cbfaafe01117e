import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { SelfCheck } from '../../shared/calls/agent.js';
import { MONITOR_TYPES } from '../../shared/codes.js';
import { TcpOptions } from '../../shared/probe/options.js';
import { Budget, roundMs, settleWithin } from '../checks/clock.js';
import type { CheckRegistry } from '../checks/registry.js';
import { referenceLabel, type ReferenceTarget } from './plan.js';

export type ReferenceOutcome = Pick<SelfCheck, 'referenceTarget' | 'referenceLossPct' | 'referenceRttMs'>;

export const REFERENCE_CONNECTS = 3;
/**
 * Below the kernel's first SYN retransmission (1 s): a handshake that needed a packet sent again
 * counts as lost, so a lossy uplink shows as loss rather than as a slow connect.
 */
export const REFERENCE_CONNECT_TIMEOUT_MS = 900;
const RESOLVE_TIMEOUT_MS = 3_000;

const SKIPPED: ReferenceOutcome = { referenceTarget: null, referenceLossPct: null, referenceRttMs: null };

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return roundMs(value);
}

/** The address to connect to, resolved once so the connects measure the network, not the resolver. */
async function addressOf(host: string): Promise<string | null> {
  if (isIP(host) !== 0) return host;
  const failed = () => ({ source: 'resolver' as const, code: 'dns_error' as const });
  const outcome = await settleWithin(lookup(host), new Budget(RESOLVE_TIMEOUT_MS), failed);
  return outcome.ok ? outcome.value.address : null;
}

/** Connect time in ms, or null when the connect failed or overran its timeout. */
async function connectOnce(registry: CheckRegistry, ip: string, port: number): Promise<number | null> {
  const options = TcpOptions.parse({ type: MONITOR_TYPES.TCP, host: ip, port, timeoutMs: REFERENCE_CONNECT_TIMEOUT_MS });
  try {
    // The reference is the agent's own server, which may well sit on a private network.
    const result = await registry[MONITOR_TYPES.TCP].run(options, { allowPrivateTargets: true, matchingIps: [] });
    return result.ok ? (result.details?.connectMs ?? null) : null;
  } catch {
    return null;
  }
}

/** A few TCP connects, one after another, to the reference target: how many were lost, how long the rest took. */
export async function checkReference(registry: CheckRegistry, target: ReferenceTarget | null): Promise<ReferenceOutcome> {
  if (target === null) return SKIPPED;
  const referenceTarget = referenceLabel(target);
  const ip = await addressOf(target.host);
  if (ip === null) return { referenceTarget, referenceLossPct: 100, referenceRttMs: null };
  const times: number[] = [];
  for (let attempt = 0; attempt < REFERENCE_CONNECTS; attempt += 1) {
    const connectMs = await connectOnce(registry, ip, target.port);
    if (connectMs !== null) times.push(connectMs);
  }
  const lossPct = Math.round(((REFERENCE_CONNECTS - times.length) / REFERENCE_CONNECTS) * 1000) / 10;
  return { referenceTarget, referenceLossPct: lossPct, referenceRttMs: median(times) };
}

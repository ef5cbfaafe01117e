import { isIP } from 'node:net';

/** Pure command line for traceroute (Debian's "modern traceroute for Linux" 2.x). */

/** Probes traceroute keeps in flight at once (its -N default). */
const SIMULTANEOUS_PROBES = 16;
const MIN_WAIT_SECONDS = 0.5;
const MAX_WAIT_SECONDS = 5;

export interface TracePlan {
  maxHops: number;
  probesPerHop: number;
  /** The whole trace's budget. */
  timeoutMs: number;
}

/**
 * Seconds to wait for each probe's reply, chosen so that even a path of silent hops ends within the
 * budget: probes go out 16 at a time, and each round may wait this long.
 */
export function traceWaitSeconds(plan: TracePlan): number {
  const rounds = Math.ceil((plan.maxHops * plan.probesPerHop) / SIMULTANEOUS_PROBES) + 1;
  const wait = plan.timeoutMs / 1000 / rounds;
  return Math.round(Math.min(MAX_WAIT_SECONDS, Math.max(MIN_WAIT_SECONDS, wait)) * 10) / 10;
}

/** `traceroute [-6] -n -q <probes> -m <maxHops> -w <wait> <ip>` */
export function tracerouteArgs(plan: TracePlan, ip: string): string[] {
  return [
    ...(isIP(ip) === 6 ? ['-6'] : []),
    '-n',
    '-q',
    String(plan.probesPerHop),
    '-m',
    String(plan.maxHops),
    '-w',
    String(traceWaitSeconds(plan)),
    ip,
  ];
}

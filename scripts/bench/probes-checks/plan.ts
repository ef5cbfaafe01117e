// What the probe figures' processes share: the targets' ports and the names they answer.

export interface TargetPorts {
  tcp: number;
  http: number;
  https: number;
  dns: number;
}

/** The name the DNS target answers (with one A record). */
export const DNS_NAME = 'bench.vigil.test';

/** Checks the agent may run at once, and probes kept in flight at blackbox: the same for both. */
export const CONCURRENCY = 20;

/**
 * Checks per second for the CPU figures, the same for the agent and for blackbox: per-check CPU
 * depends on the rate (a process woken rarely pays for cold caches on every wake-up), so the two
 * are compared at one rate, high enough that fixed per-second costs do not dominate either.
 */
export const CHECK_RATE_PER_SECOND = 1_000;

// What the probe figures' processes share: the targets' ports and the names they answer.

export interface TargetPorts {
  tcp: number;
  http: number;
  https: number;
  dns: number;
  timing: number;
}

/** The name the DNS target answers (with one A record). */
export const DNS_NAME = 'bench.vigil.test';

/** Checks the agent may run at once, and probes kept in flight at blackbox: the same for both. */
export const CONCURRENCY = 20;

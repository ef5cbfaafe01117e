import type { CheckOptions, CheckOptionsOf } from '../../shared/probe/options.js';
import type { z } from 'zod';
import type { CheckResultOf, MtrHop } from '../../shared/probe/results.js';

export type CheckType = CheckOptions['type'];

export interface CheckContext {
  /** Probing private, loopback and link-local addresses is refused unless the node allows it. */
  allowPrivateTargets: boolean;
  /** The task's expected addresses (matching IPs and matched-IP group); empty when none. */
  matchingIps: readonly string[];
  signal?: AbortSignal;
  /** On-demand jobs only: what a check that reports while it runs (MTR) has so far. */
  onProgress?: (progress: CheckProgress) => void;
}

/** The hops an MTR run has so far, and the address it probes. */
export interface CheckProgress {
  ip: string | null;
  hops: z.infer<typeof MtrHop>[];
}

/**
 * One check type. `run` never throws for a target's failure: the result says where it failed.
 * A type whose tool can serve many targets at once (ICMP) also offers `runBatch`.
 */
export interface CheckModule<T extends CheckType> {
  type: T;
  run(options: CheckOptionsOf<T>, ctx: CheckContext): Promise<CheckResultOf<T>>;
  runBatch?(jobs: readonly { options: CheckOptionsOf<T>; ctx: CheckContext }[]): Promise<CheckResultOf<T>[]>;
}

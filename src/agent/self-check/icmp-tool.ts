import { MONITOR_TYPES } from '../../shared/codes.js';
import { IcmpOptions } from '../../shared/probe/options.js';
import type { CheckResult } from '../../shared/probe/results.js';
import type { CheckRegistry } from '../checks/registry.js';

/**
 * While the ICMP tool works, the self-check runs it this often, not at every heartbeat: each run
 * spawns ping or fping, and a spawn every 30 s was about 5 % of the agent's main thread at 1,000
 * one-minute tasks (scale bench, "Performance: CPU per check"). Between runs each self-check
 * reports the last verdict, so the node's status reads the same.
 */
export const ICMP_TOOL_RECHECK_MS = 10 * 60_000;

const STEP_TIMEOUT_MS = 3_000;

/** A probe-side ICMP failure (the tool broke, not the target). A missing tool is a capability, not an error. */
async function icmpToolError(registry: CheckRegistry): Promise<string | null> {
  const options = IcmpOptions.parse({ type: MONITOR_TYPES.ICMP, host: '127.0.0.1', count: 1, timeoutMs: STEP_TIMEOUT_MS });
  const result = await registry[MONITOR_TYPES.ICMP].run(options, { allowPrivateTargets: true, matchingIps: [] });
  const failure = result.failure;
  if (!failure || failure.code === 'tool_missing') return null;
  return `icmp: ${failure.source} ${failure.code}${failure.detail ? ` ${failure.detail}` : ''}`.slice(0, 500);
}

/**
 * The self-check's ICMP tool step: run at the first self-check, again ICMP_TOOL_RECHECK_MS after
 * a clean run, at every self-check while it fails (so a repaired tool shows at once), and at the
 * next one after an ICMP check of a task met a broken tool.
 */
export class IcmpToolWatch {
  private last: { at: number; error: string | null } | undefined;

  constructor(
    private readonly registry: CheckRegistry,
    private readonly now: () => number = Date.now,
  ) {}

  /** The tool's error, or null when it works (or is missing). */
  async error(): Promise<string | null> {
    const now = this.now();
    if (this.last && this.last.error === null && now - this.last.at < ICMP_TOOL_RECHECK_MS) return null;
    const error = await icmpToolError(this.registry).catch((thrown: unknown) => `icmp: ${String(thrown)}`.slice(0, 500));
    this.last = { at: now, error };
    return error;
  }

  /** A check's result: an ICMP check whose tool failed makes the next self-check run the step. */
  noteResult(result: CheckResult): void {
    if (result.type === MONITOR_TYPES.ICMP && result.failure?.source === 'probe' && result.failure.code === 'tool_error') this.last = undefined;
  }
}

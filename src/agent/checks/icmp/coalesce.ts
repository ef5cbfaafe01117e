import type { MONITOR_TYPES } from '../../../shared/codes.js';
import type { CheckResultOf } from '../../../shared/probe/results.js';
import type { CheckModule } from '../types.js';
import { icmpCheck, type IcmpJob } from './index.js';

type IcmpType = typeof MONITOR_TYPES.ICMP;
type IcmpResult = CheckResultOf<IcmpType>;

export interface IcmpCoalescerOptions {
  /** How long the first waiting check waits for company before the batch starts. */
  windowMs?: number;
  /** A batch starts at once when this many checks wait. */
  maxJobs?: number;
  /** The batching module underneath. */
  check?: CheckModule<IcmpType>;
}

interface Waiting {
  job: IcmpJob;
  resolve: (result: IcmpResult) => void;
  reject: (error: unknown) => void;
}

/**
 * ICMP checks that arrive one at a time (tasks with spread phases) still share fping processes:
 * `run` waits up to `windowMs` for other checks and runs them as one batch. The delay is a small
 * fraction of any task's period and buys most of the per-check CPU saving.
 */
export function createIcmpCoalescer(options: IcmpCoalescerOptions = {}): CheckModule<IcmpType> {
  const windowMs = options.windowMs ?? 1000;
  const maxJobs = options.maxJobs ?? 1000;
  const check = options.check ?? icmpCheck;
  const runBatch = check.runBatch?.bind(check) ?? ((jobs: readonly IcmpJob[]) => Promise.all(jobs.map((job) => check.run(job.options, job.ctx))));
  let waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | undefined;

  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    // Started from a timer: a batch that throws instead of rejecting still answers its checks.
    Promise.resolve()
      .then(() => runBatch(batch.map((entry) => entry.job)))
      .then(
        (results) =>
          batch.forEach((entry, index) => {
            const result = results[index];
            if (result) entry.resolve(result);
            else entry.reject(new Error('an ICMP batch returned fewer results than jobs'));
          }),
        (error: unknown) => batch.forEach((entry) => entry.reject(error)),
      );
  };

  return {
    type: check.type,
    run: (jobOptions, ctx) =>
      new Promise<IcmpResult>((resolve, reject) => {
        waiting.push({ job: { options: jobOptions, ctx }, resolve, reject });
        if (waiting.length >= maxJobs) flush();
        else timer ??= setTimeout(flush, windowMs);
      }),
    runBatch,
  };
}

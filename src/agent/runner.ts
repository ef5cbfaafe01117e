import { setMaxListeners } from 'node:events';
import { MONITOR_TYPES } from '../shared/codes.js';
import type { Assignment, ResultItem } from '../shared/calls/agent-work.js';
import type { CheckOptions, CheckOptionsOf } from '../shared/probe/options.js';
import type { CheckResult } from '../shared/probe/results.js';
import { CHECKS, type CheckRegistry, checkModuleOf } from './checks/registry.js';
import { createIcmpCoalescer } from './checks/icmp/coalesce.js';
import type { CheckContext, CheckModule, CheckProgress } from './checks/types.js';
import { errorText, type AgentLogger } from './log.js';

/**
 * Runs assignments' checks through the registry with a concurrency limit. ICMP checks coming due
 * within a short window share one tool process (one fping for many targets) and take no check
 * slot. A task never overlaps itself: a run that comes due while the previous one still waits or
 * runs is skipped. Each result goes to `onResult`.
 */

export interface RunnerOptions {
  concurrency: number;
  /** The node's effective permission (register answer), read at each run. */
  allowPrivateTargets: () => boolean;
  onResult: (item: ResultItem) => void;
  registry?: CheckRegistry;
  logger?: AgentLogger;
  /** How late a scheduled check started (ms after its due time); for the schedule-lateness figure. */
  onLateness?: (lateMs: number) => void;
  /** How long an ICMP check waits for others to share its tool process. */
  icmpWindowMs?: number;
  /** ICMP checks waiting that start their shared process at once. */
  icmpMaxJobs?: number;
}

type Unit = () => Promise<void>;

export class CheckRunner {
  private readonly queue: Unit[] = [];
  private readonly busy = new Set<number>();
  private readonly settled = new Set<Promise<void>>();
  // Every running check listens on this one signal (and lets go when it ends), so more than
  // Node's default of ten listeners is normal here, not a leak.
  private readonly abort = (() => {
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    return controller;
  })();
  private active = 0;
  /** Runs skipped because the task's previous run had not finished. */
  skipped = 0;

  private readonly icmp: CheckModule<typeof MONITOR_TYPES.ICMP>;

  constructor(private readonly options: RunnerOptions) {
    this.icmp = createIcmpCoalescer({
      check: checkModuleOf(MONITOR_TYPES.ICMP, this.registry),
      ...(options.icmpWindowMs === undefined ? {} : { windowMs: options.icmpWindowMs }),
      ...(options.icmpMaxJobs === undefined ? {} : { maxJobs: options.icmpMaxJobs }),
    });
  }

  /** Checks waiting or running. */
  get pending(): number {
    return this.busy.size;
  }

  /** Runs the assignments now; `scheduledAt` (epoch ms) when they came due on schedule. */
  runDue(due: readonly Assignment[], scheduledAt?: number): void {
    if (this.abort.signal.aborted) return;
    const taken = due.filter((assignment) => {
      if (this.busy.has(assignment.taskId)) {
        this.skipped += 1;
        return false;
      }
      this.busy.add(assignment.taskId);
      return true;
    });
    for (const assignment of taken) {
      if (assignment.options.type === MONITOR_TYPES.ICMP) this.track(this.runIcmp(assignment, scheduledAt));
      else this.enqueue(() => this.runOne(assignment, scheduledAt));
    }
  }

  /** Runs one check outside any task (an on-demand job); the result is answered, not recorded. */
  async runJob(options: CheckOptions, onProgress?: (progress: CheckProgress) => void): Promise<CheckResult> {
    return this.check(options, { allowPrivateTargets: this.options.allowPrivateTargets(), matchingIps: [], signal: this.abort.signal, ...(onProgress ? { onProgress } : {}) });
  }

  /** Cancels what runs, drops what waits, and resolves once every check has settled. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.queue.length = 0;
    await Promise.allSettled([...this.settled]);
  }

  private get registry(): CheckRegistry {
    return this.options.registry ?? CHECKS;
  }

  private contextOf(assignment: Assignment): CheckContext {
    return { allowPrivateTargets: this.options.allowPrivateTargets(), matchingIps: assignment.matchingIps, signal: this.abort.signal };
  }

  private enqueue(unit: Unit): void {
    this.queue.push(unit);
    this.drain();
  }

  private drain(): void {
    while (this.active < this.options.concurrency && this.queue.length > 0) {
      const unit = this.queue.shift();
      if (!unit) return;
      this.active += 1;
      this.track(
        unit().finally(() => {
          this.active -= 1;
          this.drain();
        }),
      );
    }
  }

  /** A check's run that fails after its result (the spool could not be written) is logged, never left unhandled. */
  private track(running: Promise<void>): void {
    const settled = running.catch((error: unknown) => this.options.logger?.error('check_run_failed', { error: errorText(error) }));
    this.settled.add(settled);
    void settled.finally(() => this.settled.delete(settled));
  }

  private noteStart(scheduledAt: number | undefined): void {
    if (scheduledAt !== undefined) this.options.onLateness?.(Math.max(0, Date.now() - scheduledAt));
  }

  private async runOne(assignment: Assignment, scheduledAt: number | undefined): Promise<void> {
    try {
      this.noteStart(scheduledAt);
      const result = await this.check(assignment.options, this.contextOf(assignment));
      this.deliver(assignment, result);
    } finally {
      this.busy.delete(assignment.taskId);
    }
  }

  /** ICMP checks share tool processes through the coalescer, so they do not hold check slots. */
  private async runIcmp(assignment: Assignment, scheduledAt: number | undefined): Promise<void> {
    try {
      this.noteStart(scheduledAt);
      const options = assignment.options as CheckOptionsOf<typeof MONITOR_TYPES.ICMP>;
      const result = await this.icmp.run(options, this.contextOf(assignment)).catch((error: unknown) => {
        this.options.logger?.error('check_threw', { type: MONITOR_TYPES.ICMP, error: errorText(error) });
        return probeFailure(options, error);
      });
      this.deliver(assignment, result);
    } finally {
      this.busy.delete(assignment.taskId);
    }
  }

  /** A module that throws has a bug; the run still reports, as the probe's own failure. */
  private async check(options: CheckOptions, ctx: CheckContext): Promise<CheckResult> {
    const module = checkModuleOf(options.type, this.registry);
    try {
      return await module.run(options as never, ctx);
    } catch (error) {
      this.options.logger?.error('check_threw', { type: options.type, host: options.host, error: errorText(error) });
      return probeFailure(options, error);
    }
  }

  private deliver(assignment: Assignment, result: CheckResult): void {
    // A check cut short by the agent's own stop says nothing about the target.
    if (this.abort.signal.aborted) return;
    this.options.onResult({ taskId: assignment.taskId, taskVersion: assignment.taskVersion, result });
  }
}

function probeFailure(options: CheckOptions, error: unknown): CheckResult {
  return {
    type: options.type,
    ok: false,
    startedAt: new Date().toISOString(),
    durationMs: 0,
    failure: { source: 'probe', code: 'tool_error', detail: errorText(error).slice(0, 500) },
    resolvedIps: [],
    ipMatched: null,
    details: null,
  } as CheckResult;
}

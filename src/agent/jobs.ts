import { AGENT_JOB_WAIT_MAX_MS, type AgentJob } from '../shared/calls/agent-work.js';
import { MONITOR_TYPES } from '../shared/codes.js';
import type { CheckOptions } from '../shared/probe/options.js';
import type { CheckResult } from '../shared/probe/results.js';
import type { CheckProgress } from './checks/types.js';
import { ProgressSender } from './job-progress.js';
import { backoffDelay, type BackoffPolicy, DEFAULT_BACKOFF, sleep } from './backoff.js';
import { errorText, type AgentLogger } from './log.js';
import { Semaphore } from './semaphore.js';
import { KeyRefusedError, type Transport } from './transport.js';

/**
 * On-demand jobs (MTR and any check type): a long poll for the node's jobs, each run through the
 * same check path and its result posted back. Polling never waits on a running job. Jobs run a few
 * at a time: those that spawn a tool (MTR, traceroute, ping) fewer than the socket checks, so a
 * burst of MTR requests cannot fill the node with processes.
 */

export interface JobsOptions {
  transport: Transport;
  logger: AgentLogger;
  /** Runs the job's check; `onProgress` takes what it has while it runs (MTR hops). */
  run: (options: CheckOptions, onProgress: (progress: CheckProgress) => void) => Promise<CheckResult>;
  onKeyRefused: (error: KeyRefusedError) => void;
  /** How long the server may hold each poll. */
  waitMs?: number;
  backoff?: BackoffPolicy;
  /** Tool jobs (MTR, traceroute, ICMP) running at once; TOOL_JOBS_AT_ONCE by default. */
  toolJobsAtOnce?: number;
  /** Other jobs running at once; SOCKET_JOBS_AT_ONCE by default. */
  socketJobsAtOnce?: number;
}

export const TOOL_JOBS_AT_ONCE = 2;
export const SOCKET_JOBS_AT_ONCE = 8;
const TOOL_JOB_TYPES: ReadonlySet<CheckOptions['type']> = new Set(['mtr', MONITOR_TYPES.TRACEROUTE, MONITOR_TYPES.ICMP]);

/** Time allowed beyond the server's wait before a poll counts as lost. */
const POLL_MARGIN_MS = 10_000;

export class JobLoop {
  private readonly abort = new AbortController();
  private loop: Promise<void> | undefined;
  private readonly running = new Set<Promise<void>>();
  private failures = 0;
  private readonly toolJobs: Semaphore;
  private readonly socketJobs: Semaphore;

  constructor(private readonly options: JobsOptions) {
    this.toolJobs = new Semaphore(options.toolJobsAtOnce ?? TOOL_JOBS_AT_ONCE);
    this.socketJobs = new Semaphore(options.socketJobsAtOnce ?? SOCKET_JOBS_AT_ONCE);
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop;
    await Promise.allSettled([...this.running]);
  }

  private async run(): Promise<void> {
    const waitMs = Math.min(this.options.waitMs ?? AGENT_JOB_WAIT_MAX_MS, AGENT_JOB_WAIT_MAX_MS);
    while (!this.abort.signal.aborted) {
      try {
        const { jobs } = await this.options.transport.call('agentJobs', { waitMs }, { attempts: 1, timeoutMs: waitMs + POLL_MARGIN_MS });
        if (this.failures > 0) this.options.logger.info('jobs_resumed', { afterFailures: this.failures });
        this.failures = 0;
        for (const job of jobs) this.track(this.slotsOf(job).run(() => this.runJob(job)));
      } catch (error) {
        if (error instanceof KeyRefusedError) return this.options.onKeyRefused(error);
        if (this.abort.signal.aborted) return;
        if (this.failures === 0) this.options.logger.warn('jobs_failing', { error: errorText(error) });
        await sleep(backoffDelay(this.failures, this.options.backoff ?? DEFAULT_BACKOFF), this.abort.signal);
        this.failures += 1;
      }
    }
  }

  private track(job: Promise<void>): void {
    this.running.add(job);
    void job.finally(() => this.running.delete(job));
  }

  private slotsOf(job: AgentJob): Semaphore {
    return TOOL_JOB_TYPES.has(job.options.type) ? this.toolJobs : this.socketJobs;
  }

  private async runJob(job: AgentJob): Promise<void> {
    // Waited for a slot while the agent began stopping: the job is left to the server's deadline.
    if (this.abort.signal.aborted) return;
    this.options.logger.info('job_started', { jobId: job.jobId, type: job.options.type, host: job.options.host });
    const progress = new ProgressSender(job.jobId, this.options.transport, this.options.logger);
    try {
      const result = await this.options.run(job.options, progress.report);
      await progress.close();
      if (this.abort.signal.aborted) return;
      await this.options.transport.call('agentJobResult', { jobId: job.jobId, result });
      this.options.logger.info('job_done', { jobId: job.jobId, ok: result.ok });
    } catch (error) {
      if (error instanceof KeyRefusedError) return this.options.onKeyRefused(error);
      this.options.logger.warn('job_failed', { jobId: job.jobId, error: errorText(error) });
    } finally {
      await progress.close();
    }
  }
}

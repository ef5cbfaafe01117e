import type { CheckProgress } from './checks/types.js';
import { errorText, type AgentLogger } from './log.js';
import type { Transport } from './transport.js';

/**
 * Sends an on-demand job's progress (MTR hops so far) to the server while it runs: one report in
 * flight at a time, at most one per interval, always the latest; what is left unsent when the job
 * ends is dropped (the result carries everything). A failed report is not retried: the next one
 * replaces it.
 */

export const PROGRESS_INTERVAL_MS = 500;

export class ProgressSender {
  private latest: CheckProgress | null = null;
  private sending: Promise<void> | null = null;
  private lastSentAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly jobId: string,
    private readonly transport: Transport,
    private readonly logger: AgentLogger,
    private readonly intervalMs = PROGRESS_INTERVAL_MS,
  ) {}

  readonly report = (progress: CheckProgress): void => {
    if (this.closed) return;
    this.latest = progress;
    this.schedule();
  };

  /** The job ended: nothing more is sent; resolves once a report in flight has been answered. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.sending;
  }

  private schedule(): void {
    if (this.sending || this.timer) return;
    const wait = Math.max(0, this.lastSentAt + this.intervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.send();
    }, wait);
  }

  private send(): void {
    const progress = this.latest;
    if (this.closed || progress === null) return;
    this.latest = null;
    this.lastSentAt = Date.now();
    this.sending = this.transport
      .call('agentJobProgress', { jobId: this.jobId, ip: progress.ip, hops: progress.hops }, { attempts: 1 })
      .then(
        () => undefined,
        (error: unknown) => this.logger.debug('job_progress_failed', { jobId: this.jobId, error: errorText(error) }),
      )
      .finally(() => {
        this.sending = null;
        if (this.latest !== null) this.schedule();
      });
  }
}

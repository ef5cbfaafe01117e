import { type ResultItem, ResultItem as ResultItemSchema } from '../shared/calls/agent-work.js';
import { backoffDelay, type BackoffPolicy, DEFAULT_BACKOFF, sleep } from './backoff.js';
import { errorText, type AgentLogger } from './log.js';
import type { SpooledBatch, Spool } from './spool.js';
import { KeyRefusedError, type Transport, TransportError } from './transport.js';

/**
 * Sends the spool's batches, oldest first, each under the id it was spooled with, so a resend after
 * a lost answer or a crash is stored once. A batch leaves the spool only when the server has it.
 * While the server is away the loop backs off (up to the policy's cap) and keeps everything.
 */

export interface DeliveryOptions {
  spool: Spool<ResultItem>;
  transport: Transport;
  logger: AgentLogger;
  /** The key was refused: the agent must stop. */
  onKeyRefused: (error: KeyRefusedError) => void;
  backoff?: BackoffPolicy;
  /** How often an idle loop looks at the spool without being nudged. */
  idleMs?: number;
  /** The server has stored these results (for the delivery-latency figure). */
  onDelivered?: (results: readonly ResultItem[]) => void;
}

export interface DeliveryStats {
  batches: number;
  results: number;
  duplicates: number;
}

/** Batches read from disk per listing of the spool directory. */
const READ_AHEAD = 50;

export class Delivery {
  private readonly abort = new AbortController();
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private failures = 0;
  readonly stats: DeliveryStats = { batches: 0, results: 0, duplicates: 0 };

  constructor(private readonly options: DeliveryOptions) {}

  start(): void {
    this.loop ??= this.run();
  }

  /** A batch was spooled: send it now rather than at the next idle look. */
  nudge(): void {
    this.wake?.();
  }

  /** Stops after the call in flight is abandoned; the batch stays spooled. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.wake?.();
    await this.loop;
  }

  private get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.round();
      } catch (error) {
        // The spool could not be read (a disk error): what is spooled stays; look again later.
        this.options.logger.error('spool_unreadable', { error: errorText(error) });
        await sleep(backoffDelay(this.failures, this.options.backoff ?? DEFAULT_BACKOFF), this.abort.signal);
      }
    }
  }

  private async round(): Promise<void> {
    const batches = this.options.spool.pending(READ_AHEAD);
    if (batches.length === 0) return this.idle();
    for (const batch of batches) {
      if (this.stopped || !(await this.deliver(batch))) return;
    }
  }

  private idle(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.options.idleMs ?? 5_000);
      const wake = (): void => done();
      this.wake = wake;
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
    }).finally(() => {
      this.wake = undefined;
    });
  }

  /** Sends one batch; false when the loop should back off before the next. */
  private async deliver(batch: SpooledBatch<ResultItem>): Promise<boolean> {
    const { spool } = this.options;
    // Read ahead, then dropped by the spool's limits meanwhile: it is counted, so it must not also be stored.
    if (!spool.has(batch.batchId)) return true;
    const dropped = spool.droppedCount();
    // A call that failed may have been stored all the same: the limits leave the batch alone until it is taken.
    spool.markSending(batch.batchId);
    try {
      const answer = await this.send(batch, dropped);
      spool.remove(batch.batchId);
      spool.takeDropped(dropped);
      this.stats.batches += 1;
      this.stats.results += batch.results.length;
      if (answer.duplicate) this.stats.duplicates += 1;
      this.options.onDelivered?.(batch.results);
      if (this.failures > 0) this.options.logger.info('delivery_resumed', { afterFailures: this.failures, waiting: spool.size });
      this.failures = 0;
      return true;
    } catch (error) {
      return this.failed(batch, error);
    }
  }

  /**
   * Results come from our own check modules, so a batch goes out unchecked and the server validates
   * it. Only when the server refuses the batch are its items checked here: an item the contract
   * refuses (a check module's bug) is dropped and counted, not resent forever, and the rest go.
   */
  private async send(batch: SpooledBatch<ResultItem>, dropped: number) {
    const body = { batchId: batch.batchId, dropped, results: batch.results };
    try {
      return await this.options.transport.call('agentResults', body, { attempts: 1, bodyChecked: true });
    } catch (error) {
      if (!refusedForGood(error)) throw error;
      const valid = batch.results.filter((item) => ResultItemSchema.safeParse(item).success);
      if (valid.length === batch.results.length) throw error;
      this.options.logger.error('results_invalid', { batchId: batch.batchId, invalid: batch.results.length - valid.length });
      return this.options.transport.call(
        'agentResults',
        { ...body, dropped: dropped + batch.results.length - valid.length, results: valid },
        { attempts: 1 },
      );
    }
  }

  private async failed(batch: SpooledBatch<ResultItem>, error: unknown): Promise<boolean> {
    if (error instanceof KeyRefusedError) {
      this.options.onKeyRefused(error);
      this.abort.abort();
      return false;
    }
    if (refusedForGood(error)) {
      // Refused as a whole: resending the same batch cannot succeed. Count it as dropped.
      this.options.spool.remove(batch.batchId);
      this.options.spool.addDropped(batch.results.length);
      this.options.logger.error('batch_refused', { batchId: batch.batchId, results: batch.results.length, error: errorText(error) });
      return true;
    }
    if (this.stopped) return false;
    if (this.failures === 0) this.options.logger.warn('delivery_failing', { error: errorText(error), waiting: this.options.spool.size });
    await sleep(backoffDelay(this.failures, this.options.backoff ?? DEFAULT_BACKOFF), this.abort.signal);
    this.failures += 1;
    return false;
  }
}

/** The server read the batch and refused its content: the same bytes will be refused again. */
function refusedForGood(error: unknown): boolean {
  return error instanceof TransportError && error.kind === 'rejected' && (error.status === 400 || error.status === 413);
}

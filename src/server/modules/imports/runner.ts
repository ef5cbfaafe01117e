import { setImmediate as nextTurn } from 'node:timers/promises';
import { DEFAULT_IMPORT_BATCH_ROWS } from '../../config.js';
import type { ServerContext } from '../../context.js';
import { runExclusively } from '../../db/exclusive.js';
import { finishImport, saveProgress } from './progress.js';
import { countsOfRows, isProcessing, pendingRows, processingJobs, type ImportCounts, type ImportJobRow } from './repo.js';
import { giveUpImport } from './give-up.js';
import { writeRowBatch, type BatchWritten } from './row-batch.js';

export interface ImportRunnerOptions {
  /** Rows read per batch; after each batch progress is saved. */
  batchRows?: number;
  /** A pause after each batch (none unless configured). */
  batchPauseMs?: number;
  /**
   * Awaited before each batch with the job's processed count (tests hold a job here to look at it
   * mid-way, or throw to stand for a runner failure; closing the app lets go of it).
   */
  beforeBatch?: (job: { sno: string; processed: number }) => Promise<void>;
  /** Waits before each retry of a job the runner failed on; once used up, the job gives up (2104). */
  retryDelaysMs?: readonly number[];
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000];
/**
 * Longest one transaction of rows holds the database connection (and the event loop): other
 * calls wait for it, so this bounds what an import adds to their time.
 */
const TURN_MS = 10;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Runs processing import jobs in the background, oldest first, each row in file order, several
 * rows a transaction (each under its own savepoint); a stopped server leaves the job processing and
 * the next start resumes with its pending rows. One run at a time; `wake` after an upload commits.
 * Of several instances, one runs a job (a lock named by the job, held while it runs); the others
 * pass it over, and take it up at their next wake should that instance stop.
 */
export class ImportRunner {
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private letGo: () => void = () => undefined;
  private readonly closing = new Promise<void>((resolve) => (this.letGo = resolve));
  private readonly batchRows: number;
  private readonly batchPauseMs: number;
  private readonly retryDelaysMs: readonly number[];

  constructor(
    private readonly ctx: ServerContext,
    private readonly options: ImportRunnerOptions = {},
  ) {
    this.batchRows = options.batchRows ?? DEFAULT_IMPORT_BATCH_ROWS;
    this.batchPauseMs = options.batchPauseMs ?? 0;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.ctx.log?.warn({ err: error }, 'import: the runner stopped'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Stops after the transaction being written; the job stays processing for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.letGo();
    await this.running;
  }

  /** Runs the processing jobs until none is left but those another instance runs now. */
  private async drain(): Promise<void> {
    for (let ranAny = true; ranAny && !this.closed; ) {
      ranAny = false;
      for (const job of await processingJobs(this.ctx.db)) {
        if (this.closed) return;
        const outcome = await runExclusively(this.ctx.db, `import:${job.sno}`, async () => {
          if (await isProcessing(this.ctx.db, job.sno)) await this.runJobRetrying(job);
        });
        ranAny ||= outcome.ran;
      }
    }
  }

  /** A failure of the runner (not of a row) is retried after a wait; past the last, the job gives up. */
  private async runJobRetrying(job: ImportJobRow): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.runJob(job);
        return;
      } catch (error) {
        if (this.closed) return;
        const delay = this.retryDelaysMs[attempt];
        this.ctx.log?.warn({ err: error, sno: job.sno, attempt }, delay === undefined ? 'import: giving the job up' : 'import: the job failed; retrying');
        if (delay === undefined) return giveUpImport(this.ctx, job);
        await Promise.race([sleep(delay), this.closing]);
        if (this.closed) return;
      }
    }
  }

  private async runJob(job: ImportJobRow): Promise<void> {
    let counts = await countsOfRows(this.ctx.db, job.sno);
    let after = -1;
    for (;;) {
      if (this.options.beforeBatch) await Promise.race([this.options.beforeBatch({ sno: job.sno, processed: counts.processed }), this.closing]);
      if (this.closed) return;
      const rows = await pendingRows(this.ctx.db, job.sno, after, this.batchRows);
      if (rows.length === 0) break;
      for (let next = 0; next < rows.length && !this.closed; ) {
        const batch = await writeRowBatch(this.ctx, job, rows.slice(next), TURN_MS);
        counts = counted(counts, batch);
        next += batch.written;
        after = rows[next - 1]?.ordinal ?? after;
        // Calls that arrived meanwhile are answered before the next rows.
        await nextTurn();
      }
      await saveProgress(this.ctx, job, counts);
      if (this.batchPauseMs > 0) await Promise.race([sleep(this.batchPauseMs), this.closing]);
    }
    await finishImport(this.ctx, job, counts);
  }
}

function counted(counts: ImportCounts, batch: BatchWritten): ImportCounts {
  return { processed: counts.processed + batch.written, success: counts.success + batch.created, fail: counts.fail + batch.written - batch.created };
}

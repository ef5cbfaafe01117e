import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ServerContext } from '../../context.js';
import { finishImport, saveProgress } from './progress.js';
import { countsOfRows, pendingRows, processingJobs, type ImportCounts, type ImportJobRow } from './repo.js';
import { processImportRow } from './row-task.js';

export interface ImportRunnerOptions {
  /** Rows per batch; between batches progress is saved and the server answers other calls. */
  batchRows?: number;
  /**
   * Awaited before each batch with the job's processed count (tests hold a job here to look at it
   * mid-way; closing the app lets go of it).
   */
  beforeBatch?: (job: { sno: string; processed: number }) => Promise<void>;
}

const DEFAULT_BATCH_ROWS = 100;
/** Longest the runner holds the event loop (and the database connection) between other calls. */
const TURN_MS = 5;

/**
 * Runs processing import jobs in the background, oldest first, each row in file order. Every row
 * commits on its own; a stopped server leaves the job processing and the next start resumes with
 * its pending rows. One run at a time; `wake` after an upload commits.
 */
export class ImportRunner {
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private letGo: () => void = () => undefined;
  private readonly closing = new Promise<void>((resolve) => (this.letGo = resolve));
  private readonly batchRows: number;

  constructor(
    private readonly ctx: ServerContext,
    private readonly options: ImportRunnerOptions = {},
  ) {
    this.batchRows = options.batchRows ?? DEFAULT_BATCH_ROWS;
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

  /** Stops after the row being written; the job stays processing for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.letGo();
    await this.running;
  }

  private async drain(): Promise<void> {
    for (let jobs = await processingJobs(this.ctx.db); jobs.length > 0 && !this.closed; jobs = await processingJobs(this.ctx.db)) {
      for (const job of jobs) {
        if (this.closed) return;
        await this.runJob(job);
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
      let turnStarted = performance.now();
      for (const row of rows) {
        counts = counted(counts, await processImportRow(this.ctx, job, row));
        after = row.ordinal;
        // Calls that arrived meanwhile are answered before the next rows.
        if (performance.now() - turnStarted >= TURN_MS) {
          await nextTurn();
          turnStarted = performance.now();
        }
      }
      await saveProgress(this.ctx, job, counts);
      await nextTurn();
    }
    await finishImport(this.ctx, job, counts);
  }
}

function counted(counts: ImportCounts, created: boolean): ImportCounts {
  return { processed: counts.processed + 1, success: counts.success + (created ? 1 : 0), fail: counts.fail + (created ? 0 : 1) };
}

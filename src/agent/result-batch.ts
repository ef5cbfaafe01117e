import type { ResultItem } from '../shared/calls/agent-work.js';
import type { Spool } from './spool.js';

/**
 * Collects results in memory and writes them to the spool as one batch every `flushMs` or at
 * `maxResults`, whichever comes first. A batch gets its id when it is spooled, so a result is never
 * lost once spooled and never travels under two batch ids.
 */

export interface ResultBatcherOptions {
  maxResults?: number;
  flushMs?: number;
  /** Told after each batch reaches the spool (delivery starts sending it). */
  onSpooled?: (batchId: string, results: number) => void;
}

export const BATCH_MAX_RESULTS = 500;
/**
 * Each batch costs the agent a spool write and a call, and the server a request, a transaction and
 * a rewrite of the current rollup pages, whatever its size: at 16.7 checks/s a batch a second cost
 * more than its results. Three seconds keeps a result's start → stored under 5 s (p95 about 3.1 s).
 */
export const BATCH_FLUSH_MS = 3_000;

export class ResultBatcher {
  private items: ResultItem[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Results written to the spool by this batcher. */
  spooled = 0;

  constructor(
    private readonly spool: Spool<ResultItem>,
    private readonly options: ResultBatcherOptions = {},
  ) {}

  add(item: ResultItem): void {
    if (this.closed) return;
    this.items.push(item);
    if (this.items.length >= (this.options.maxResults ?? BATCH_MAX_RESULTS)) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.options.flushMs ?? BATCH_FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes what waits as one batch. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.items.length === 0) return;
    const results = this.items;
    this.items = [];
    const batch = this.spool.append(results);
    this.spooled += results.length;
    this.options.onSpooled?.(batch.batchId, results.length);
  }

  /** No more results; `flush` false abandons what waits in memory (a crash loses at most that). */
  close(flush = true): void {
    if (flush) this.flush();
    clearTimeout(this.timer);
    this.timer = undefined;
    this.items = [];
    this.closed = true;
  }
}

import { statSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { COUNTER_SLOTS, COUNTERS_BYTES, type CheckpointCounter, type CheckpointReport, type CheckpointRequest } from './sqlite-checkpoint-protocol.js';
import { startDbWorker } from './worker-thread.js';

/**
 * The main connection's automatic checkpoint, in pages, whenever no checkpoint thread runs: 5,000
 * (40 MiB of 8 KiB pages) rather than SQLite's 1,000, so pages rewritten by many batches are copied
 * back once rather than after every batch.
 */
export const AUTOCHECKPOINT_PAGES = 5000;

export interface CheckpointOptions {
  /** The thread starts once the WAL file has reached this size (a store that writes little never starts one). */
  startBytes: number;
  /** How often the thread looks for commits to copy back: at most this often, and at least every `longestIntervalMs` (see the worker). */
  intervalMs: number;
  longestIntervalMs: number;
  /** The frames the WAL must hold beyond those already copied before the thread copies them (SQLite's own automatic checkpoint's rule). */
  minFrames: number;
  /** How often the API's thread looks at the WAL's size while no checkpoint thread runs (it does not look while one runs). */
  watchMs: number;
}

export const DEFAULT_CHECKPOINT_OPTIONS: CheckpointOptions = { startBytes: 8 * 1024 * 1024, intervalMs: 1000, longestIntervalMs: 3000, watchMs: 5000, minFrames: AUTOCHECKPOINT_PAGES };

/** What /metrics shows of the checkpoint thread. */
export interface CheckpointStats {
  /** 1 while a checkpoint thread runs (the main connection does not checkpoint), else 0. */
  threads: number;
  /** Rounds the thread ran (a look at the WAL, a checkpoint when it holds `minFrames`), and those of them that copied pages. */
  rounds: number;
  runs: number;
  /** Checkpoint statements that failed, and threads that ended unasked. */
  failures: number;
  /** Threads started again after one ended unasked. */
  restarts: number;
  /** Time the thread spent in checkpoints, in ms, since the start. */
  busyMs: number;
  /** The WAL's frames at the last round (a checkpoint, or a look at the wal-index header), and how many of them are in the database file. */
  walPages: number;
  checkpointedPages: number;
}

/** The counters a thread keeps in shared memory (COUNTER_SLOTS) and the API's thread reads when asked. */
class ThreadCounters {
  readonly buffer = new SharedArrayBuffer(COUNTERS_BYTES);
  private readonly slots = new Float64Array(this.buffer);

  get(counter: CheckpointCounter): number {
    return this.slots[COUNTER_SLOTS[counter]] ?? 0;
  }
}

const SUMMED: readonly CheckpointCounter[] = ['rounds', 'runs', 'failures', 'busyMs'];

/**
 * Runs the WAL's checkpoints on a thread of its own, with a read-write connection, so that copying
 * the committed pages back into the file (and its fsyncs) no longer happens inside a COMMIT on the
 * API's thread. While the thread runs, the main connection's automatic checkpoint is off; until it
 * is ready, and from the moment it ends unasked, the main connection checkpoints itself again
 * (AUTOCHECKPOINT_PAGES), so the WAL never grows without bound; a new thread is started at the next
 * look at the WAL's size.
 */
export class Checkpointer {
  private worker: Worker | undefined;
  private counters: ThreadCounters | undefined;
  /** What threads that ended counted (their pages at their last round included). */
  private readonly ended: Record<CheckpointCounter, number> = { rounds: 0, runs: 0, failures: 0, busyMs: 0, walPages: 0, checkpointedPages: 0 };
  private readonly own = { threads: 0, failures: 0, restarts: 0 };
  private watch: NodeJS.Timeout | undefined;
  private closed = false;
  private hadThread = false;

  constructor(
    private readonly main: SQLite.Database,
    private readonly file: string,
    private readonly options: CheckpointOptions = DEFAULT_CHECKPOINT_OPTIONS,
  ) {
    this.watchWal();
  }

  /** The running thread, if any (tests end it to see the fallback). */
  get thread(): Worker | undefined {
    return this.worker;
  }

  /** What /metrics shows, read now from the thread's counters. */
  get stats(): CheckpointStats {
    const now = (counter: CheckpointCounter) => this.counters?.get(counter) ?? 0;
    const summed = (counter: CheckpointCounter) => this.ended[counter] + now(counter);
    const pages = (counter: CheckpointCounter) => (this.counters && now('rounds') > 0 ? now(counter) : this.ended[counter]);
    return {
      threads: this.own.threads,
      rounds: summed('rounds'),
      runs: summed('runs'),
      failures: summed('failures') + this.own.failures,
      restarts: this.own.restarts,
      busyMs: summed('busyMs'),
      walPages: pages('walPages'),
      checkpointedPages: pages('checkpointedPages'),
    };
  }

  /** Ends the thread and its connection; the main connection checkpoints itself again until it closes. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watch);
    const worker = this.worker;
    if (!worker) return;
    this.stopped();
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ close: true } satisfies CheckpointRequest);
    const timer = setTimeout(() => void worker.terminate(), 2_000);
    await exited;
    clearTimeout(timer);
  }

  /** Looks at the WAL's size every `watchMs` until a thread runs. */
  private watchWal(): void {
    if (this.closed) return;
    this.watch = setInterval(() => this.startIfGrown(), this.options.watchMs);
    this.watch.unref();
  }

  private startIfGrown(): void {
    if (this.worker || this.closed) return;
    const walBytes = statSync(`${this.file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    if (walBytes < this.options.startBytes) return;
    if (this.hadThread) this.own.restarts += 1;
    this.hadThread = true;
    clearInterval(this.watch);
    const counters = new ThreadCounters();
    const worker = startDbWorker('sqlite-checkpoint-worker', { file: this.file, intervalMs: this.options.intervalMs, longestIntervalMs: this.options.longestIntervalMs, minFrames: this.options.minFrames, counters: counters.buffer });
    worker.on('message', (report: CheckpointReport) => this.ready(worker, report));
    worker.on('error', () => this.endedUnasked(worker));
    worker.on('exit', () => this.endedUnasked(worker));
    // After the listeners: a worker's first 'message' listener refs it again.
    worker.unref();
    this.worker = worker;
    this.counters = counters;
  }

  private ready(worker: Worker, report: CheckpointReport): void {
    if (worker !== this.worker || !report.ready) return;
    this.main.pragma('wal_autocheckpoint = 0');
    this.own.threads = 1;
  }

  /** A thread that ended unasked (a crash): the main connection checkpoints itself until the next one is ready. */
  private endedUnasked(worker: Worker): void {
    if (worker !== this.worker) return;
    this.stopped();
    this.own.failures += 1;
    this.watchWal();
  }

  private stopped(): void {
    const counters = this.counters;
    if (counters) {
      for (const counter of SUMMED) this.ended[counter] += counters.get(counter);
      if (counters.get('rounds') > 0) {
        this.ended.walPages = counters.get('walPages');
        this.ended.checkpointedPages = counters.get('checkpointedPages');
      }
    }
    this.worker = undefined;
    this.counters = undefined;
    this.own.threads = 0;
    if (this.main.open) this.main.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  }
}

const checkpointers = new WeakMap<object, Checkpointer>();

/** Remembers the checkpointer of a database; called by the code that opens it. */
export function trackCheckpointer(db: object, checkpointer: Checkpointer): void {
  checkpointers.set(db, checkpointer);
}

/** The checkpointer of a SQLite file opened by db/connection.ts; undefined for `:memory:` and PostgreSQL. */
export function checkpointerOf(db: object): Checkpointer | undefined {
  return checkpointers.get(db);
}

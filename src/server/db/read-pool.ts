import type { Worker } from 'node:worker_threads';
import { fromColumns, type ReaderSettings, type ReadReply, type ReadRequest } from './sqlite-read-protocol.js';
import { startDbWorker } from './worker-thread.js';

/** A statement's answer as Kysely's SQLite connection gives it. */
export interface ReadResult {
  rows: unknown[];
  changes: number;
}

/** Why a reader's call failed without an answer from SQLite: the thread ended (crashed, or closed). */
export class ReaderStoppedError extends Error {
  constructor(reason: string) {
    super(`SQLite reader thread stopped: ${reason}`);
  }
}

/** What /metrics shows of the readers. */
export interface ReaderStats {
  threads: number;
  /** Statements posted and not answered yet. */
  inFlight: number;
  /** Callers waiting for a reader connection (each holds one for a statement or a transaction). */
  waiting: number;
  /** Time the threads spent running statements, in ms, since the start. */
  busyMs: number;
  /** Threads that ended unasked and were replaced. */
  restarts: number;
}

interface Pending {
  resolve: (result: ReadResult) => void;
  reject: (error: Error) => void;
}

/** One reader thread and its connection, started when first needed and again after it ends. */
export class ReaderThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly settings: ReaderSettings,
    private readonly stats: ReaderStats,
  ) {}

  /** The running thread, started if there is none; a connection keeps the one it got for its whole lease. */
  current(): Worker {
    if (this.worker) return this.worker;
    if (this.closed) throw new ReaderStoppedError('closed');
    const worker = startDbWorker('sqlite-read-worker', this.settings);
    worker.unref();
    worker.on('message', (reply: ReadReply) => this.answer(reply));
    worker.on('error', (error) => this.ended(worker, error.message));
    worker.on('exit', (code) => this.ended(worker, `exit code ${code}`));
    this.worker = worker;
    return worker;
  }

  /** Runs one statement on `worker`; rejects at once if that thread has ended since it was lent. */
  run(worker: Worker, sql: string, parameters: readonly unknown[]): Promise<ReadResult> {
    if (worker !== this.worker) return Promise.reject(new ReaderStoppedError('ended during this lease'));
    const id = this.nextId++;
    return new Promise<ReadResult>((resolve, reject) => {
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      this.stats.inFlight += 1;
      worker.postMessage({ id, sql, parameters } satisfies ReadRequest);
    });
  }

  /** Closes the connection and ends the thread; calls still waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    this.worker = undefined;
    this.failPending(new ReaderStoppedError('closed'));
    worker.postMessage({ close: true } satisfies ReadRequest);
    const timer = setTimeout(() => void worker.terminate(), 2_000);
    await exited;
    clearTimeout(timer);
  }

  private answer(reply: ReadReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.settle(reply.id);
    this.stats.busyMs += reply.ms;
    if ('error' in reply) pending.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    else pending.resolve({ rows: fromColumns(reply.rows), changes: reply.changes });
  }

  private settle(id: number): void {
    this.pending.delete(id);
    this.stats.inFlight -= 1;
    if (this.pending.size === 0) this.worker?.unref();
  }

  /** A thread that ended unasked (a crash): its calls fail, and the next lease starts a new one. */
  private ended(worker: Worker, reason: string): void {
    if (worker !== this.worker) return;
    this.worker = undefined;
    this.stats.restarts += 1;
    this.failPending(new ReaderStoppedError(reason));
  }

  private failPending(error: Error): void {
    const calls = [...this.pending.values()];
    this.stats.inFlight -= calls.length;
    this.pending.clear();
    for (const call of calls) call.reject(error);
  }
}

/** `size` reader threads on one SQLite file, each lent to one statement or transaction at a time. */
export class ReadPool {
  readonly stats: ReaderStats;
  private readonly idle: ReaderThread[];
  readonly threads: readonly ReaderThread[];
  private readonly waiters: ((thread: ReaderThread) => void)[] = [];
  private closed = false;

  constructor(settings: ReaderSettings, size: number) {
    this.stats = { threads: size, inFlight: 0, waiting: 0, busyMs: 0, restarts: 0 };
    this.threads = Array.from({ length: size }, () => new ReaderThread(settings, this.stats));
    this.idle = [...this.threads];
  }

  async acquire(): Promise<ReaderThread> {
    if (this.closed) throw new ReaderStoppedError('closed');
    const thread = this.idle.pop();
    if (thread) return thread;
    this.stats.waiting += 1;
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(thread: ReaderThread): void {
    const waiter = this.waiters.shift();
    if (!waiter) {
      this.idle.push(thread);
      return;
    }
    this.stats.waiting -= 1;
    waiter(thread);
  }

  /** Ends every thread; callers still waiting for one get a closed thread, whose statements fail. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((thread) => thread.close()));
  }
}

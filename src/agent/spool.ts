import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Result batches wait on disk until the server has taken them, so a server restart or an outage
 * loses nothing; the batch id travels with the batch, so a resend after a crash is recognised by
 * the server and stored once. The spool is bounded: past its limits the oldest batches go, and how
 * many results went is counted and reported with the next delivery.
 */

export interface SpooledBatch<T> {
  batchId: string;
  createdAt: number;
  results: T[];
}

export interface SpoolLimits {
  maxBatches: number;
  maxBytes: number;
}

const DEFAULT_LIMITS: SpoolLimits = { maxBatches: 20_000, maxBytes: 200 * 1024 * 1024 };
const DROPPED_FILE = 'dropped.json';
const BATCH_FILE = /^(\d{16})-([\w-]+)\.json$/;

export class Spool<T> {
  private sequence: number;

  constructor(
    private readonly dir: string,
    private readonly limits: SpoolLimits = DEFAULT_LIMITS,
  ) {
    mkdirSync(dir, { recursive: true });
    const last = this.files().at(-1);
    this.sequence = last ? Number(BATCH_FILE.exec(last)?.[1] ?? 0) : 0;
  }

  /** Writes a batch atomically (temporary file, then rename) and enforces the limits. */
  append(results: T[], now = Date.now()): SpooledBatch<T> {
    const batch: SpooledBatch<T> = { batchId: randomUUID(), createdAt: now, results };
    this.sequence += 1;
    const name = `${String(this.sequence).padStart(16, '0')}-${batch.batchId}.json`;
    const temporary = join(this.dir, `.${name}.tmp`);
    writeFileSync(temporary, JSON.stringify(batch));
    renameSync(temporary, join(this.dir, name));
    this.enforceLimits();
    return batch;
  }

  /** The oldest batches waiting, up to `limit`. */
  pending(limit: number): SpooledBatch<T>[] {
    return this.files()
      .slice(0, limit)
      .flatMap((name) => this.read(name));
  }

  get size(): number {
    return this.files().length;
  }

  /** Forgets a batch the server has stored. */
  remove(batchId: string): void {
    for (const name of this.files()) {
      if (BATCH_FILE.exec(name)?.[2] === batchId) rmSync(join(this.dir, name), { force: true });
    }
  }

  /** Results dropped for lack of room since the count was last taken. */
  droppedCount(): number {
    try {
      return Number(JSON.parse(readFileSync(join(this.dir, DROPPED_FILE), 'utf8'))) || 0;
    } catch {
      return 0;
    }
  }

  clearDropped(): void {
    rmSync(join(this.dir, DROPPED_FILE), { force: true });
  }

  /** Counts results lost outside the spool's limits (a batch the server refused as a whole). */
  addDropped(count: number): void {
    if (count > 0) this.writeDropped(this.droppedCount() + count);
  }

  /** Forgets `count` of the dropped results once they were reported; later drops stay counted. */
  takeDropped(count: number): void {
    const left = this.droppedCount() - count;
    if (left > 0) this.writeDropped(left);
    else this.clearDropped();
  }

  private writeDropped(count: number): void {
    const path = join(this.dir, DROPPED_FILE);
    writeFileSync(`${path}.tmp`, JSON.stringify(count));
    renameSync(`${path}.tmp`, path);
  }

  private files(): string[] {
    return readdirSync(this.dir)
      .filter((name) => BATCH_FILE.test(name))
      .sort();
  }

  private read(name: string): SpooledBatch<T>[] {
    try {
      return [JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as SpooledBatch<T>];
    } catch {
      // A batch cut short by a crash before its rename cannot exist; anything unreadable is dropped.
      rmSync(join(this.dir, name), { force: true });
      return [];
    }
  }

  private enforceLimits(): void {
    const files = this.files();
    let bytes = files.reduce((total, name) => total + statSync(join(this.dir, name)).size, 0);
    let count = files.length;
    let dropped = 0;
    for (const name of files) {
      if (count <= this.limits.maxBatches && bytes <= this.limits.maxBytes) break;
      const path = join(this.dir, name);
      bytes -= statSync(path).size;
      dropped += this.read(name)[0]?.results.length ?? 0;
      rmSync(path, { force: true });
      count -= 1;
    }
    this.addDropped(dropped);
  }
}

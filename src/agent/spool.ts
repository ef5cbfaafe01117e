import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Result batches wait on disk until the server has taken them, so a server restart or an outage
 * loses nothing; the batch id travels with the batch, so a resend after a crash is recognised by
 * the server and stored once. The spool is bounded: past its limits the oldest batches go, and how
 * many results went is counted and reported with the next delivery.
 *
 * The directory is listed once, at open; after that an in-memory index (name, bytes, results) is
 * the spool's view, so appending and removing cost the same however many batches wait. The agent's
 * data-dir lock makes this process the directory's only writer.
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

/** What was moved out of the spool by `moveTo`. */
export interface SpoolMove {
  batches: number;
  results: number;
}

interface IndexEntry {
  name: string;
  bytes: number;
  /** null for a batch written before file names carried the count. */
  results: number | null;
}

export const DEFAULT_SPOOL_LIMITS: SpoolLimits = { maxBatches: 20_000, maxBytes: 200 * 1024 * 1024 };
const DROPPED_FILE = 'dropped.json';
/** `<sequence>-<batch id>[-r<results>].json`: the results count lets a batch that cannot be read still be counted. */
const BATCH_FILE = /^(\d{16})-([\w-]+?)(?:-r(\d+))?\.json$/;

export class Spool<T> {
  private sequence = 0;
  private readonly index = new Map<string, IndexEntry>();
  private bytes = 0;
  private dropped: number;
  /** Batches lost whose results count is unknown (unreadable files of the old naming). */
  droppedBatches = 0;
  /**
   * The batch last sent, until the server has taken it: it may be stored already (a lost answer),
   * so the limits drop others first and a result is never both stored and counted as dropped.
   */
  private sending: string | undefined;
  /**
   * The batch last appended, as written: in the steady state delivery sends it next, and reading
   * it back from disk and parsing it again cost as much as writing it.
   */
  private lastAppended: SpooledBatch<T> | undefined;

  constructor(
    private readonly dir: string,
    private readonly limits: SpoolLimits = DEFAULT_SPOOL_LIMITS,
  ) {
    mkdirSync(dir, { recursive: true });
    this.dropped = this.readDropped();
    this.buildIndex();
  }

  /** Writes a batch atomically (temporary file, then rename) and enforces the limits. */
  append(results: T[], now = Date.now()): SpooledBatch<T> {
    const batch: SpooledBatch<T> = { batchId: randomUUID(), createdAt: now, results };
    this.sequence += 1;
    const name = `${String(this.sequence).padStart(16, '0')}-${batch.batchId}-r${results.length}.json`;
    const text = JSON.stringify(batch);
    const temporary = join(this.dir, `.${name}.tmp`);
    writeFileSync(temporary, text);
    renameSync(temporary, join(this.dir, name));
    this.track(batch.batchId, { name, bytes: Buffer.byteLength(text), results: results.length });
    this.lastAppended = batch;
    this.enforceLimits();
    return batch;
  }

  /** The oldest batches waiting, up to `limit`. */
  pending(limit: number): SpooledBatch<T>[] {
    const batches: SpooledBatch<T>[] = [];
    const unreadable: string[] = [];
    for (const [batchId, entry] of this.index) {
      if (batches.length + unreadable.length >= limit) break;
      const batch = batchId === this.lastAppended?.batchId ? this.lastAppended : this.read(entry);
      if (batch) batches.push(batch);
      else unreadable.push(batchId);
    }
    for (const batchId of unreadable) this.lose(batchId);
    return batches;
  }

  /** Whether the batch still waits (the limits may have dropped it since it was read). */
  has(batchId: string): boolean {
    return this.index.has(batchId);
  }

  /** Marks the batch being sent; the mark goes when the batch is removed. */
  markSending(batchId: string): void {
    this.sending = batchId;
  }

  get size(): number {
    return this.index.size;
  }

  /** Forgets a batch the server has stored. */
  remove(batchId: string): void {
    if (batchId === this.sending) this.sending = undefined;
    if (batchId === this.lastAppended?.batchId) this.lastAppended = undefined;
    const entry = this.untrack(batchId);
    if (entry) rmSync(join(this.dir, entry.name), { force: true });
  }

  /** Results dropped for lack of room (or unreadable) since the count was last taken. */
  droppedCount(): number {
    return this.dropped;
  }

  clearDropped(): void {
    this.dropped = 0;
    rmSync(join(this.dir, DROPPED_FILE), { force: true });
  }

  /** Counts results lost outside the spool's limits (a batch the server refused as a whole). */
  addDropped(count: number): void {
    if (count > 0) this.writeDropped(this.dropped + count);
  }

  /** Forgets `count` of the dropped results once they were reported; later drops stay counted. */
  takeDropped(count: number): void {
    if (count <= 0) return;
    const left = this.dropped - count;
    if (left > 0) this.writeDropped(left);
    else this.clearDropped();
  }

  /**
   * Moves every waiting batch and the dropped count into `target` (which must not be a spool in
   * use) and leaves this spool empty: for batches that must never be sent under the current key.
   */
  moveTo(target: string): SpoolMove {
    mkdirSync(target, { recursive: true });
    const moved: SpoolMove = { batches: this.index.size, results: 0 };
    for (const entry of this.index.values()) {
      renameSync(join(this.dir, entry.name), join(target, entry.name));
      moved.results += entry.results ?? 0;
    }
    this.index.clear();
    this.sending = undefined;
    this.lastAppended = undefined;
    this.bytes = 0;
    if (this.dropped > 0) renameSync(join(this.dir, DROPPED_FILE), join(target, DROPPED_FILE));
    this.dropped = 0;
    return moved;
  }

  private buildIndex(): void {
    const names = readdirSync(this.dir)
      .filter((name) => BATCH_FILE.test(name))
      .sort();
    for (const name of names) {
      const [, sequence = '0', batchId = '', results] = BATCH_FILE.exec(name) ?? [];
      this.sequence = Math.max(this.sequence, Number(sequence));
      const bytes = statSync(join(this.dir, name), { throwIfNoEntry: false })?.size ?? 0;
      this.track(batchId, { name, bytes, results: results === undefined ? null : Number(results) });
    }
  }

  private track(batchId: string, entry: IndexEntry): void {
    this.index.set(batchId, entry);
    this.bytes += entry.bytes;
  }

  private untrack(batchId: string): IndexEntry | undefined {
    const entry = this.index.get(batchId);
    if (!entry) return undefined;
    this.index.delete(batchId);
    this.bytes -= entry.bytes;
    return entry;
  }

  private read(entry: IndexEntry): SpooledBatch<T> | null {
    try {
      return JSON.parse(readFileSync(join(this.dir, entry.name), 'utf8')) as SpooledBatch<T>;
    } catch {
      return null;
    }
  }

  /**
   * A batch that cannot be read is damage (the rename makes half-written batches impossible): it
   * is counted as dropped, by the results count its name carries, then removed.
   */
  private lose(batchId: string): void {
    const entry = this.index.get(batchId);
    if (!entry) return;
    if (entry.results === null) this.droppedBatches += 1;
    else this.addDropped(entry.results);
    this.remove(batchId);
  }

  private enforceLimits(): void {
    let lost = 0;
    for (const [batchId, entry] of this.index) {
      if (this.index.size <= this.limits.maxBatches && this.bytes <= this.limits.maxBytes) break;
      if (batchId === this.sending) continue;
      const results = entry.results ?? this.read(entry)?.results.length ?? null;
      if (results === null) this.droppedBatches += 1;
      else lost += results;
      this.remove(batchId);
    }
    this.addDropped(lost);
  }

  private readDropped(): number {
    try {
      return Number(JSON.parse(readFileSync(join(this.dir, DROPPED_FILE), 'utf8'))) || 0;
    } catch {
      return 0;
    }
  }

  private writeDropped(count: number): void {
    this.dropped = count;
    const path = join(this.dir, DROPPED_FILE);
    writeFileSync(`${path}.tmp`, JSON.stringify(count));
    renameSync(`${path}.tmp`, path);
  }
}

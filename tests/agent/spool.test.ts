import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Spool } from '../../src/agent/spool.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-spool-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the result spool', () => {
  it('keeps batches in order until the server has them, across a restart', () => {
    const spool = new Spool<number>(dir);
    const first = spool.append([1, 2]);
    const second = spool.append([3]);
    const reopened = new Spool<number>(dir);
    expect(reopened.pending(10).map((batch) => batch.batchId)).toEqual([first.batchId, second.batchId]);
    reopened.remove(first.batchId);
    const third = reopened.append([4]);
    expect(new Spool<number>(dir).pending(10).map((batch) => batch.results)).toEqual([[3], [4]]);
    expect(third.batchId).not.toBe(second.batchId);
  });

  it('drops the oldest batches past its limit and counts the dropped results', () => {
    const spool = new Spool<number>(dir, { maxBatches: 2, maxBytes: 1_000_000 });
    spool.append([1, 2, 3]);
    spool.append([4]);
    spool.append([5, 6]);
    expect(spool.pending(10).map((batch) => batch.results)).toEqual([[4], [5, 6]]);
    expect(spool.droppedCount()).toBe(3);
    spool.append([7]);
    expect(spool.droppedCount()).toBe(4);
    spool.clearDropped();
    expect(spool.droppedCount()).toBe(0);
  });

  it('never drops the batch being sent (it may be stored already): the next oldest goes instead', () => {
    const spool = new Spool<number>(dir, { maxBatches: 2, maxBytes: 1_000_000 });
    const sent = spool.append([1, 2, 3]);
    spool.markSending(sent.batchId);
    spool.append([4]);
    spool.append([5, 6]);
    expect(spool.pending(10).map((batch) => batch.results)).toEqual([[1, 2, 3], [5, 6]]);
    expect(spool.droppedCount()).toBe(1);
    spool.remove(sent.batchId);
    spool.append([7]);
    spool.append([8]);
    expect(spool.pending(10).map((batch) => batch.results)).toEqual([[7], [8]]);
    expect(spool.droppedCount()).toBe(3);
  });

  it('forgets only the dropped results it reported; drops after the report stay counted', () => {
    const spool = new Spool<number>(dir, { maxBatches: 1, maxBytes: 1_000_000 });
    spool.append([1, 2]);
    spool.append([3]);
    const reported = spool.droppedCount();
    expect(reported).toBe(2);
    spool.append([4]);
    spool.takeDropped(reported);
    expect(spool.droppedCount()).toBe(1);
    spool.addDropped(5);
    expect(new Spool<number>(dir).droppedCount()).toBe(6);
    spool.takeDropped(6);
    expect(spool.droppedCount()).toBe(0);
  });

  it('drops by size too', () => {
    const spool = new Spool<string>(dir, { maxBatches: 100, maxBytes: 300 });
    for (let index = 0; index < 5; index += 1) spool.append(['x'.repeat(100)]);
    expect(spool.size).toBeLessThan(5);
    expect(spool.droppedCount()).toBe(5 - spool.size);
  });

  it('ignores stray and half-written files', () => {
    const spool = new Spool<number>(dir);
    spool.append([1]);
    writeFileSync(join(dir, '.0000000000000002-abc.json.tmp'), '{"batchId":');
    writeFileSync(join(dir, 'notes.txt'), 'hello');
    expect(new Spool<number>(dir).pending(10).map((batch) => batch.results)).toEqual([[1]]);
  });

  it('counts a damaged batch as dropped results, by the count its name carries', () => {
    const spool = new Spool<number>(dir);
    const kept = spool.append([1]);
    const damaged = spool.append([2, 3, 4]);
    const name = readdirSync(dir).find((file) => file.includes(damaged.batchId)) ?? '';
    expect(name).toMatch(/-r3\.json$/);
    writeFileSync(join(dir, name), '{"batchId":');
    const reopened = new Spool<number>(dir);
    expect(reopened.pending(10).map((batch) => batch.batchId)).toEqual([kept.batchId]);
    expect(reopened.droppedCount()).toBe(3);
    expect(reopened.size).toBe(1);
    expect(readdirSync(dir).some((file) => file.includes(damaged.batchId))).toBe(false);
  });

  it('counts a damaged batch of the older naming as a dropped batch', () => {
    writeFileSync(join(dir, '0000000000000003-broken.json'), '{"batchId":');
    const spool = new Spool<number>(dir);
    expect(spool.pending(10)).toEqual([]);
    expect(spool.droppedBatches).toBe(1);
    expect(spool.size).toBe(0);
  });

  it('reads batches of the older naming and continues their sequence', () => {
    writeFileSync(join(dir, '0000000000000007-old-batch.json'), JSON.stringify({ batchId: 'old-batch', createdAt: 1, results: [9] }));
    const spool = new Spool<number>(dir);
    const next = spool.append([10]);
    expect(spool.pending(10).map((batch) => batch.batchId)).toEqual(['old-batch', next.batchId]);
    spool.remove('old-batch');
    expect(new Spool<number>(dir).pending(10).map((batch) => batch.results)).toEqual([[10]]);
  });

  it('keeps its size and byte limit exact over many appends and removals', () => {
    const spool = new Spool<string>(dir, { maxBatches: 1_000, maxBytes: 20_000 });
    let removed = 0;
    for (let index = 0; index < 300; index += 1) {
      const { batchId } = spool.append([`result ${index} `.repeat(5)]);
      if (index % 3 !== 0) continue;
      const before = spool.size;
      spool.remove(batchId);
      removed += before - spool.size;
    }
    const files = readdirSync(dir).filter((file) => file.endsWith('.json') && file !== 'dropped.json');
    expect(spool.size).toBe(files.length);
    const bytes = files.reduce((total, file) => total + statSync(join(dir, file)).size, 0);
    expect(bytes).toBeLessThanOrEqual(20_000);
    expect(new Spool<string>(dir).size).toBe(spool.size);
    // Everything appended is stored, removed (delivered) or counted as dropped.
    expect(removed).toBe(100);
    expect(spool.size + removed + spool.droppedCount()).toBe(300);
    expect(spool.droppedCount()).toBeGreaterThan(0);
  });

  it('moves every waiting batch and the dropped count elsewhere, leaving itself empty', () => {
    const spool = new Spool<number>(dir, { maxBatches: 2, maxBytes: 1_000_000 });
    spool.append([1]);
    spool.append([2, 3]);
    spool.append([4, 5, 6]);
    const target = join(dir, '..', `${basename(dir)}-moved`);
    try {
      expect(spool.moveTo(target)).toEqual({ batches: 2, results: 5 });
      expect(spool.size).toBe(0);
      expect(spool.droppedCount()).toBe(0);
      expect(spool.pending(10)).toEqual([]);
      const moved = new Spool<number>(target);
      expect(moved.pending(10).map((batch) => batch.results)).toEqual([[2, 3], [4, 5, 6]]);
      expect(moved.droppedCount()).toBe(1);
      expect(new Spool<number>(dir).size).toBe(0);
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    writeFileSync(join(dir, '0000000000000003-broken.json'), '{"batchId":');
    expect(spool.pending(10).map((batch) => batch.results)).toEqual([[1]]);
  });
});

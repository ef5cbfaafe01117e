import { describe, expect, it } from 'vitest';
import {
  choicesStillListed,
  compareSnapshots,
  comparisonPair,
  hopLineOf,
  hopLinesOf,
  snapshotsNewestFirst,
  toggleChoice,
} from '../../../src/client/features/detail/trace-compare.js';
import { TraceSnapshot } from '../../../src/shared/index.js';

type Hop = TraceSnapshot['hops'][number];
const hop = (ttl: number, address: string | null, rttMs: (number | null)[] = [1, 2, 3], lossPercent = 0): Hop => ({ ttl, address, rttMs, lossPercent });

function snapshot(resultId: number, time: string, hops: Hop[], options: { nodeId?: number; reached?: boolean } = {}): TraceSnapshot {
  return TraceSnapshot.parse({
    resultId,
    taskId: 7,
    nodeId: options.nodeId ?? 1,
    time,
    ok: options.reached ?? true,
    reached: options.reached ?? true,
    ip: '203.0.113.9',
    hops,
    failure: null,
  });
}

describe('hop lines', () => {
  it('averages the RTT of the probes that answered and keeps each probe\'s', () => {
    expect(hopLineOf(hop(3, '10.0.0.1', [1, null, 4], 33.3))).toEqual({ ttl: 3, address: '10.0.0.1', rttsMs: [1, null, 4], avgRttMs: 2.5, lossPercent: 33.3 });
    expect(hopLineOf(hop(4, null, [null, null, null], 100)).avgRttMs).toBeNull();
  });

  it('lists hops in TTL order', () => {
    expect(hopLinesOf({ hops: [hop(2, 'b'), hop(1, 'a'), hop(3, 'c')] }).map((line) => line.ttl)).toEqual([1, 2, 3]);
  });
});

describe('snapshot comparison', () => {
  const older = snapshot(10, '2026-03-15T10:00:00.000Z', [hop(1, '192.0.2.1'), hop(2, '198.51.100.1'), hop(3, null, [null, null, null], 100), hop(4, '203.0.113.9')]);
  const newer = snapshot(11, '2026-03-15T11:00:00.000Z', [hop(1, '192.0.2.1', [5, 6, 7]), hop(2, '198.51.100.77'), hop(3, null, [null, null, null], 100), hop(4, '203.0.113.1'), hop(5, '203.0.113.9')]);

  it('lines two runs up TTL by TTL and marks the hops that moved or that only one run reached', () => {
    const comparison = compareSnapshots(older, newer);
    expect(comparison.rows.map((row) => [row.ttl, row.change])).toEqual([
      [1, 'same'],
      [2, 'address'],
      [3, 'same'],
      [4, 'address'],
      [5, 'onlyRight'],
    ]);
    expect(comparison.changedCount).toBe(3);
    expect(comparison.rows[4]?.left).toBeNull();
    expect(comparison.rows[4]?.right?.address).toBe('203.0.113.9');
  });

  it('does not call a slower hop at the same address a change', () => {
    const row = compareSnapshots(older, newer).rows[0];
    expect(row?.change).toBe('same');
    expect([row?.left?.avgRttMs, row?.right?.avgRttMs]).toEqual([2, 6]);
  });

  it('marks hops only the left run has, and finds nothing changed between a run and itself', () => {
    const reversed = compareSnapshots(newer, older);
    expect(reversed.rows.at(-1)?.change).toBe('onlyLeft');
    const itself = compareSnapshots(older, older);
    expect(itself.changedCount).toBe(0);
    expect(itself.sameOutcome).toBe(true);
  });

  it('notes when one run reached the target and the other did not', () => {
    const lost = snapshot(12, '2026-03-15T12:00:00.000Z', [hop(1, '192.0.2.1')], { reached: false });
    expect(compareSnapshots(older, lost).sameOutcome).toBe(false);
  });
});

describe('choosing snapshots', () => {
  const list = [
    snapshot(1, '2026-03-15T09:00:00.000Z', [], { nodeId: 1 }),
    snapshot(3, '2026-03-15T11:00:00.000Z', [], { nodeId: 2 }),
    snapshot(2, '2026-03-15T10:00:00.000Z', [], { nodeId: 1 }),
  ];

  it('lists snapshots newest first, of one node when asked', () => {
    expect(snapshotsNewestFirst(list).map((item) => item.resultId)).toEqual([3, 2, 1]);
    expect(snapshotsNewestFirst(list, 1).map((item) => item.resultId)).toEqual([2, 1]);
  });

  it('keeps at most two choices, dropping the oldest choice for a third', () => {
    expect(toggleChoice([], 1)).toEqual([1]);
    expect(toggleChoice([1], 2)).toEqual([1, 2]);
    expect(toggleChoice([1, 2], 3)).toEqual([2, 3]);
    expect(toggleChoice([2, 3], 2)).toEqual([3]);
  });

  it('compares the two chosen snapshots with the older on the left', () => {
    expect(comparisonPair(list, [3, 1])?.map((item) => item.resultId)).toEqual([1, 3]);
    expect(comparisonPair(list, [3])).toBeNull();
    expect(comparisonPair(list, [3, 99])).toBeNull();
  });
});

describe('choices across an auto-refresh', () => {
  const listed = [snapshot(5, '2026-11-22T10:05:00Z', []), snapshot(4, '2026-11-22T10:00:00Z', [])];

  it('keeps the snapshots still listed, in the order they were chosen', () => {
    expect(choicesStillListed([4, 5], listed)).toEqual([4, 5]);
  });

  it('drops a snapshot that newer runs pushed out of the list, so a new choice makes a pair again', () => {
    const kept = choicesStillListed([3, 5], listed);
    expect(kept).toEqual([5]);
    expect(comparisonPair(listed, kept)).toBeNull();
    expect(comparisonPair(listed, toggleChoice(kept, 4))?.map((run) => run.resultId)).toEqual([4, 5]);
  });
});

import { describe, expect, it } from 'vitest';
import { RoundTracker } from '../../../src/server/modules/alert-eval/tracker.js';

const MINUTE = 60_000;
const T0 = 1_700_000_040_000;
const at = (ms: number) => ({ startedAt: new Date(ms).toISOString() });
const task = (taskId: number, awaited: number[]) => ({ taskId, custId: 1, periodMs: MINUTE, selected: new Set([...awaited, 5]), awaited: new Set(awaited) });

describe('round tracker', () => {
  it('hands out a round once every awaited node reported in it, and earlier open rounds with it', () => {
    const tracker = new RoundTracker({ minuteMs: MINUTE });
    tracker.track([task(7, [1, 2])], new Map(), 0);
    expect(tracker.note(1, [{ taskId: 7, result: at(T0 + 5_000) }])).toEqual([]);
    expect(tracker.note(1, [{ taskId: 8, result: at(T0 + 5_000) }])).toEqual([]);
    expect(tracker.note(1, [{ taskId: 7, result: at(T0 + MINUTE + 5_000) }])).toEqual([]);
    const due = tracker.note(2, [{ taskId: 7, result: at(T0 + 9_000) }, { taskId: 7, result: at(T0 + MINUTE + 9_000) }]);
    expect(due.map((entry) => entry.round.start)).toEqual([T0, T0 + MINUTE]);
    // A late result of a handed-out round is not noted again.
    expect(tracker.note(2, [{ taskId: 7, result: at(T0 + 10_000) }])).toEqual([]);
    expect(tracker.overdue(T0 + 10 * MINUTE).map((entry) => entry.round.start)).toEqual(
      Array.from({ length: 7 }, (_, index) => T0 + (index + 2) * MINUTE),
    );
  });

  it('closes rounds at their deadline, in order, even when no node reported in them', () => {
    const tracker = new RoundTracker({ minuteMs: MINUTE });
    tracker.track([task(7, [1, 2])], new Map(), 0);
    expect(tracker.hasOverdue(T0 + 10 * MINUTE)).toBe(false);
    tracker.note(1, [{ taskId: 7, result: at(T0 + 1_000) }]);
    // The sweep's quick look agrees with what it would hand out.
    expect(tracker.hasOverdue(T0 + MINUTE + 29_999)).toBe(false);
    expect(tracker.overdue(T0 + MINUTE + 29_999)).toEqual([]);
    expect(tracker.hasOverdue(T0 + MINUTE + 30_000)).toBe(true);
    expect(tracker.overdue(T0 + MINUTE + 30_000).map((entry) => entry.round.start)).toEqual([T0]);
    expect(tracker.hasOverdue(T0 + MINUTE + 30_000)).toBe(false);
    expect(tracker.overdue(T0 + 3 * MINUTE + 30_000).map((entry) => entry.round.start)).toEqual([T0 + MINUTE, T0 + 2 * MINUTE]);
  });

  it('resumes after the last round evaluated before a restart, no further back than the oldest allowed', () => {
    const tracker = new RoundTracker({ minuteMs: MINUTE });
    tracker.track([task(7, [1]), task(9, [1])], new Map([[7, T0], [9, T0 - 100 * MINUTE]]), T0 - 2 * MINUTE);
    const due = tracker.overdue(T0 + 2 * MINUTE + 30_000);
    expect(due.filter((entry) => entry.taskId === 7).map((entry) => entry.round.start)).toEqual([T0 + MINUTE]);
    expect(due.filter((entry) => entry.taskId === 9).map((entry) => entry.round.start)).toEqual([T0 - 2 * MINUTE, T0 - MINUTE, T0, T0 + MINUTE]);
  });

  it('a selected node that reports is awaited from then on', () => {
    const tracker = new RoundTracker({ minuteMs: MINUTE });
    tracker.track([task(7, [])], new Map(), 0);
    expect(tracker.note(5, [{ taskId: 7, result: at(T0) }]).map((entry) => entry.round.start)).toEqual([T0]);
    expect(tracker.note(6, [{ taskId: 7, result: at(T0 + MINUTE) }])).toEqual([]);
    expect(tracker.note(5, [{ taskId: 7, result: at(T0 + MINUTE) }]).map((entry) => entry.round.start)).toEqual([T0 + MINUTE]);
  });

  it('forgets tasks no enabled rule watches any more', () => {
    const tracker = new RoundTracker({ minuteMs: MINUTE });
    tracker.track([task(7, [1])], new Map(), 0);
    tracker.track([], new Map(), 0);
    expect(tracker.note(1, [{ taskId: 7, result: at(T0) }])).toEqual([]);
    expect(tracker.size).toBe(0);
  });
});

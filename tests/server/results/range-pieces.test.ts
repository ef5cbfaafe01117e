import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KeptFrom } from '../../../src/server/results/kept-marks.js';
import { coveredRange, HOUR_MS, MINUTE_MS, STEP_MS, taskPieces, type Piece } from '../../../src/server/results/range-pieces.js';

// The per-task sums read a range as rollup buckets and raw parts added and subtracted: every check
// whose start lies in the range must be counted exactly once, and no other check at all (the rule
// exact-ranges.test.ts checks end to end on both engines). Here the pieces themselves, for any range.

const BASE = Date.UTC(2026, 10, 26);
const KEPT_ALL: KeptFrom = { raw: 0, minute: 0, hour: 0 };

/** How many times the pieces count a check started at `at` (a piece subtracted counts -1). */
const timesCounted = (pieces: readonly Piece[], at: number) => pieces.reduce((times, piece) => times + (at >= piece.from && at < piece.to ? (piece.sign ?? 1) : 0), 0);

/** The rollup rows per task the pieces read: one per bucket started by `now` (later ones hold no rows yet). */
const rowsRead = (pieces: readonly Piece[], now: number) =>
  pieces.reduce((rows, piece) => rows + (piece.level === 'raw' || piece.level === 'ahead' ? 0 : Math.max(0, Math.ceil((Math.min(piece.to, now) - piece.from) / STEP_MS[piece.level]))), 0);

/** Instants where counting could go wrong: every piece's and the range's ends, a millisecond either side. */
const probesOf = (pieces: readonly Piece[], range: { from: number; to: number }) =>
  [range, ...pieces].flatMap(({ from, to }) => [from - 1, from, from + 1, to - 1, to, to + 1]);

const KEPT_LEVEL = { day: 'hour', hour: 'hour', tenMinute: 'minute', minute: 'minute', raw: 'raw', ahead: 'raw' } as const;

describe('the per-task sums read each check of the range exactly once', () => {
  it('for any range, clock and pruning marks: ragged ends, mid-minute, mid-ten-minutes, mid-hour, across days', () => {
    const time = fc.integer({ min: 0, max: 4 * 86_400_000 });
    fc.assert(
      fc.property(time, time, time, fc.integer({ min: 0, max: 4 * 86_400_000 }), (a, b, nowOffset, minuteMark) => {
        fc.pre(a !== b);
        const range = { from: BASE + Math.min(a, b), to: BASE + Math.max(a, b) };
        const kept = { raw: BASE, minute: BASE + minuteMark, hour: BASE };
        const covered = coveredRange(range, kept);
        fc.pre(covered.to > covered.from);
        const pieces = taskPieces(covered, kept, BASE + nowOffset);
        for (const at of probesOf(pieces, covered)) expect(timesCounted(pieces, at)).toBe(at >= covered.from && at < covered.to ? 1 : 0);
        // Only buckets whose data is whole are read (pruning takes the oldest first).
        for (const piece of pieces) expect(piece.from).toBeGreaterThanOrEqual(kept[KEPT_LEVEL[piece.level]]);
      }),
      { numRuns: 3_000 },
    );
  });

  it('a last hour reads at most 8 rollup rows per task at any second of the hour (some 30 from minutes alone)', () => {
    let most = 0;
    for (let second = 0; second < 3_600; second += 1) {
      const now = BASE + 10 * HOUR_MS + second * 1_000 + 500;
      const pieces = taskPieces({ from: now - HOUR_MS, to: now }, KEPT_ALL, now);
      most = Math.max(most, rowsRead(pieces, now));
      expect(pieces.length).toBeLessThanOrEqual(6);
    }
    expect(most).toBe(8);
  });

  it('reads an edge ten minutes as the whole less the minutes outside, and a subtracted part less its own outside part', () => {
    // Half past: the first edge hour's last 30 minutes as three ten-minute rows, the current hour whole.
    const halfPast = BASE + 10 * HOUR_MS + 30 * MINUTE_MS + 29_500;
    expect(taskPieces({ from: halfPast - HOUR_MS, to: halfPast }, KEPT_ALL, halfPast)).toContainEqual({ level: 'tenMinute', from: BASE + 9 * HOUR_MS + 30 * MINUTE_MS, to: BASE + 10 * HOUR_MS });
    // 8.5 minutes past: the first edge hour less its first ten minutes, which are read less their last one and a half.
    const now = BASE + 10 * HOUR_MS + 8 * MINUTE_MS + 30_000;
    const pieces = taskPieces({ from: now - HOUR_MS, to: now }, KEPT_ALL, now);
    expect(pieces).toEqual(
      expect.arrayContaining([
        { level: 'hour', from: BASE + 9 * HOUR_MS, to: BASE + 10 * HOUR_MS },
        { level: 'tenMinute', from: BASE + 9 * HOUR_MS, to: BASE + 9 * HOUR_MS + 10 * MINUTE_MS, sign: -1 },
        { level: 'minute', from: BASE + 9 * HOUR_MS + 9 * MINUTE_MS, to: BASE + 9 * HOUR_MS + 10 * MINUTE_MS },
      ]),
    );
  });

  it('never reads a ten-minute sum before the minutes are kept: the minutes or the hour instead', () => {
    const now = BASE + 10 * HOUR_MS + 8 * MINUTE_MS + 30_000;
    const kept = { ...KEPT_ALL, minute: BASE + 9 * HOUR_MS + 5 * MINUTE_MS };
    const covered = coveredRange({ from: now - HOUR_MS, to: now }, kept);
    const pieces = taskPieces(covered, kept, now);
    expect(pieces.filter((piece) => (piece.level === 'tenMinute' || piece.level === 'minute') && piece.from < kept.minute)).toEqual([]);
    for (const at of probesOf(pieces, covered)) expect(timesCounted(pieces, at)).toBe(at >= covered.from && at < covered.to ? 1 : 0);
  });
});

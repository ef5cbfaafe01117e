import type { KeptFrom } from './kept-marks.js';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** [from, to) in epoch ms: a check belongs to it when its start time is ≥ from and < to. */
export interface TimeRange {
  from: number;
  to: number;
}

/** Where a piece of a range is read: whole UTC days, hours or minutes from rollups, or raw results. */
export type Level = 'day' | 'hour' | 'minute' | 'raw';

export interface Piece extends TimeRange {
  level: Level;
  /** -1: subtracted (see taskPieces); absent: added. */
  sign?: -1;
}

const STEP: Record<Exclude<Level, 'raw'>, number> = { day: DAY_MS, hour: HOUR_MS, minute: MINUTE_MS };

const floorTo = (time: number, step: number) => Math.floor(time / step) * step;
const ceilTo = (time: number, step: number) => Math.ceil(time / step) * step;

/**
 * [from, to) cut into whole buckets of the coarsest level given (coarse to fine) and, toward each
 * edge, whole buckets of the finer ones; what is left at the edges (less than a minute each) is
 * read from raw results.
 */
export function piecesOf(range: TimeRange, levels: readonly Exclude<Level, 'raw'>[]): Piece[] {
  if (!(range.to > range.from)) return [];
  const [level, ...finer] = levels;
  if (level === undefined) return [{ level: 'raw', ...range }];
  const start = ceilTo(range.from, STEP[level]);
  const end = floorTo(range.to, STEP[level]);
  if (!(end > start)) return piecesOf(range, finer);
  return [...piecesOf({ from: range.from, to: start }, finer), { level, from: start, to: end }, ...piecesOf({ from: end, to: range.to }, finer)];
}

/** The minute rows a read of the pieces may meet: none yet for minutes after `now`, whose checks have not started. */
const minutesIn = (pieces: readonly Piece[], now: number) =>
  pieces.reduce((minutes, piece) => minutes + (piece.level === 'minute' ? Math.max(0, Math.min(piece.to, now) - piece.from) / MINUTE_MS : 0), 0);
const subtracted = (pieces: readonly Piece[]): Piece[] => pieces.map((piece) => ({ ...piece, sign: -1 }));

/** The cheaper of an edge hour's part in the range read directly, or the whole hour less its part outside. */
function edgeHour(direct: readonly Piece[], hour: number, outside: TimeRange, kept: KeptFrom, now: number): Piece[] {
  const complement = [{ level: 'hour' as const, from: hour, to: hour + HOUR_MS }, ...subtracted(piecesOf(outside, ['minute']))];
  return minutesIn(complement, now) < minutesIn(direct, now) && complement.every((piece) => isKept(piece, kept)) ? complement : [...direct];
}

/**
 * The per-task sums' pieces: as piecesOf, except that an edge hour mostly inside the range is read
 * as the whole hour less the minutes (and the raw part of a minute) outside it. Sums only add and
 * subtract (the per-task sums keep no extremes), and the list's "last hour" then reads a few
 * minutes instead of some sixty per task. The current hour's part outside a range ending now lies
 * after `now`: its minutes hold no rows yet (a check counts by its start), so a "last hour" reads the
 * current hour whole less nothing, and only its first edge hour's minutes. Read in one transaction,
 * so no batch lands in between.
 */
export function taskPieces(range: TimeRange, kept: KeptFrom, now: number): Piece[] {
  const start = ceilTo(range.from, HOUR_MS);
  const end = floorTo(range.to, HOUR_MS);
  if (start > end) return piecesOf(range, ['minute']);
  const head = piecesOf({ from: range.from, to: start }, ['minute']);
  const tail = piecesOf({ from: end, to: range.to }, ['minute']);
  return [
    ...(range.from < start ? edgeHour(head, start - HOUR_MS, { from: start - HOUR_MS, to: range.from }, kept, now) : []),
    ...piecesOf({ from: start, to: end }, ['day', 'hour']),
    ...(end < range.to ? edgeHour(tail, end, { from: range.to, to: end + HOUR_MS }, kept, now) : []),
  ];
}

/** The levels every grouping can read (per node and per task): coverage is decided on these. */
const COMMON_LEVELS = ['hour', 'minute'] as const;

const KEPT_LEVEL: Record<Level, keyof KeptFrom> = { day: 'hour', hour: 'hour', minute: 'minute', raw: 'raw' };

/** Whether every bucket a piece reads is still whole (pruning removes from the oldest end). */
const isKept = (piece: Piece, kept: KeptFrom) => piece.from >= kept[KEPT_LEVEL[piece.level]];

export const wholeIn = (range: TimeRange, levels: readonly Exclude<Level, 'raw'>[], kept: KeptFrom) =>
  piecesOf(range, levels).every((piece) => isKept(piece, kept));

/**
 * The part of a range the store can still sum exactly: the range itself while the finer data at its
 * edges is kept, else its edges moved inward to the next whole minute, hour or day whose data is
 * (never outward: a check outside the range is never counted). Empty, at the range's end, when
 * none of it is kept.
 */
export function coveredRange(range: TimeRange, kept: KeptFrom): TimeRange {
  const starts = [range.from, ceilTo(range.from, MINUTE_MS), ceilTo(range.from, HOUR_MS), ceilTo(range.from, DAY_MS)];
  const ends = [range.to, floorTo(range.to, MINUTE_MS), floorTo(range.to, HOUR_MS)];
  let best: TimeRange | null = null;
  for (const from of starts) {
    for (const to of ends) {
      if (!(to > from) || (best && to - from <= best.to - best.from)) continue;
      if (wholeIn({ from, to }, COMMON_LEVELS, kept)) best = { from, to };
    }
  }
  return best ?? { from: range.to, to: range.to };
}

import type { KeptFrom } from './kept-marks.js';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const TEN_MINUTES_MS = 600_000;

/** [from, to) in epoch ms: a check belongs to it when its start time is ≥ from and < to. */
export interface TimeRange {
  from: number;
  to: number;
}

/**
 * Where a piece of a range is read: whole UTC days, hours, ten minutes or minutes from rollups, or
 * raw results: `raw` a part under a minute or so (per minute and task, covering index), `ahead` a
 * part after now, where only checks stamped ahead by an agent's clock lie (few: by time alone).
 */
export type Level = 'day' | 'hour' | 'tenMinute' | 'minute' | 'raw' | 'ahead';
/** The levels rollups hold. Ten minutes are summed per task only (the per-task sums' edge hours). */
export type Tier = Exclude<Level, 'raw' | 'ahead'>;

export interface Piece extends TimeRange {
  level: Level;
  /** -1: subtracted (see taskPieces); absent: added. */
  sign?: -1;
}

export const STEP_MS: Record<Tier, number> = { day: DAY_MS, hour: HOUR_MS, tenMinute: TEN_MINUTES_MS, minute: MINUTE_MS };

const floorTo = (time: number, step: number) => Math.floor(time / step) * step;
const ceilTo = (time: number, step: number) => Math.ceil(time / step) * step;

/**
 * [from, to) cut into whole buckets of the coarsest level given (coarse to fine) and, toward each
 * edge, whole buckets of the finer ones; what is left at the edges (less than a minute each) is
 * read from raw results.
 */
export function piecesOf(range: TimeRange, levels: readonly Tier[]): Piece[] {
  if (!(range.to > range.from)) return [];
  const [level, ...finer] = levels;
  if (level === undefined) return [{ level: 'raw', ...range }];
  const start = ceilTo(range.from, STEP_MS[level]);
  const end = floorTo(range.to, STEP_MS[level]);
  if (!(end > start)) return piecesOf(range, finer);
  return [...piecesOf({ from: range.from, to: start }, finer), { level, from: start, to: end }, ...piecesOf({ from: end, to: range.to }, finer)];
}

/**
 * The rollup rows per task a read of the pieces may meet: one per bucket, none yet for buckets
 * starting after `now`, whose checks have not started (a check counts by its start). Raw parts are
 * under a minute at either choice and left out.
 */
const rowsIn = (pieces: readonly Piece[], now: number) =>
  pieces.reduce((rows, piece) => rows + (piece.level === 'raw' || piece.level === 'ahead' ? 0 : Math.max(0, Math.ceil((Math.min(piece.to, now) - piece.from) / STEP_MS[piece.level]))), 0);
/** The pieces with their signs turned: a piece subtracted from a subtracted part is added. */
const negated = (pieces: readonly Piece[]): Piece[] => pieces.map(({ sign, ...piece }) => (sign === -1 ? piece : { ...piece, sign: -1 }));

interface Reading {
  kept: KeptFrom;
  now: number;
}

/**
 * The cheapest exact reading of a range from the tiers given (coarse to fine) and raw results:
 * whole buckets of the coarsest tier inside, and at each edge the finer tiers, or the whole edge
 * bucket less the finer tiers' reading of its part outside the range, whichever meets fewer rows
 * (on a tie the part itself). Sums only add and subtract (the per-task sums keep no extremes).
 */
function cheapest(range: TimeRange, tiers: readonly Tier[], reading: Reading): Piece[] {
  if (!(range.to > range.from)) return [];
  const [tier, ...finer] = tiers;
  if (range.from >= reading.now) return [{ level: 'ahead', ...range }];
  if (tier === undefined) return [{ level: 'raw', ...range }];
  const step = STEP_MS[tier];
  const start = ceilTo(range.from, step);
  const end = floorTo(range.to, step);
  // Inside one bucket, touching neither of its ends.
  if (start > end) return cheapest(range, finer, reading);
  const edge = (part: TimeRange, bucket: number, outside: TimeRange): Piece[] => {
    const direct = cheapest(part, finer, reading);
    const complement = [{ level: tier, from: bucket, to: bucket + step }, ...negated(cheapest(outside, finer, reading))];
    return rowsIn(complement, reading.now) < rowsIn(direct, reading.now) && complement.every((piece) => isKept(piece, reading.kept)) ? complement : direct;
  };
  return [
    ...(range.from < start ? edge({ from: range.from, to: start }, start - step, { from: start - step, to: range.from }) : []),
    ...(end > start ? [{ level: tier, from: start, to: end }] : []),
    ...(end < range.to ? edge({ from: end, to: range.to }, end, { from: range.to, to: end + step }) : []),
  ];
}

/**
 * The per-task sums' pieces: whole days and hours inside the range; each edge hour read from ten
 * minutes, minutes and raw results (`cheapest`: directly, or each edge hour or ten minutes as the
 * whole bucket less its part outside the range). A "last hour" then reads a few rows per task
 * instead of some sixty: the current hour's part outside a range ending now lies after `now`, so it
 * is read whole less its (empty) later buckets, and the first edge hour costs at most about ten
 * ten-minute and minute rows. A check stamped ahead by an agent's clock is in the buckets after now
 * and is subtracted with them. Read in one transaction, so no batch lands in between.
 */
export function taskPieces(range: TimeRange, kept: KeptFrom, now: number): Piece[] {
  const start = ceilTo(range.from, HOUR_MS);
  const end = floorTo(range.to, HOUR_MS);
  const edgeTiers: Tier[] = ['hour', 'tenMinute', 'minute'];
  if (start >= end) return joined(cheapest(range, edgeTiers, { kept, now }));
  return joined([
    ...cheapest({ from: range.from, to: start }, edgeTiers, { kept, now }),
    ...piecesOf({ from: start, to: end }, ['day', 'hour']),
    ...cheapest({ from: end, to: range.to }, edgeTiers, { kept, now }),
  ]);
}

/** Pieces of one level and sign that meet made one (one statement branch instead of two). */
function joined(pieces: readonly Piece[]): Piece[] {
  const ordered = [...pieces].sort((a, b) => a.level.localeCompare(b.level) || (a.sign ?? 1) - (b.sign ?? 1) || a.from - b.from);
  const result: Piece[] = [];
  for (const piece of ordered) {
    const last = result.at(-1);
    if (last && last.level === piece.level && last.sign === piece.sign && last.to === piece.from) result[result.length - 1] = { ...last, to: piece.to };
    else result.push(piece);
  }
  return result;
}

/** The levels every grouping can read (per node and per task): coverage is decided on these. */
const COMMON_LEVELS = ['hour', 'minute'] as const;

// Ten-minute sums are kept as long as minutes (pruned together) and were filled from them (migration 0028).
const KEPT_LEVEL: Record<Level, keyof KeptFrom> = { day: 'hour', hour: 'hour', tenMinute: 'minute', minute: 'minute', raw: 'raw', ahead: 'raw' };

/** Whether every bucket a piece reads is still whole (pruning removes from the oldest end). */
const isKept = (piece: Piece, kept: KeptFrom) => piece.from >= kept[KEPT_LEVEL[piece.level]];

export const wholeIn = (range: TimeRange, levels: readonly Tier[], kept: KeptFrom) =>
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

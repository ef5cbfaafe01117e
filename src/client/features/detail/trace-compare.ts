import type { TraceSnapshot } from '../../../shared/index.js';

/** One hop as the tables show it: its RTTs, their mean over the probes answered, its loss. */
export interface HopLine {
  ttl: number;
  /** null: no probe of this hop answered ("*"). */
  address: string | null;
  rttsMs: (number | null)[];
  avgRttMs: number | null;
  lossPercent: number;
}

type Hop = TraceSnapshot['hops'][number];

export function hopLineOf(hop: Hop): HopLine {
  const answered = hop.rttMs.filter((rtt): rtt is number => rtt !== null && Number.isFinite(rtt));
  const avgRttMs = answered.length === 0 ? null : answered.reduce((sum, rtt) => sum + rtt, 0) / answered.length;
  return { ttl: hop.ttl, address: hop.address, rttsMs: hop.rttMs, avgRttMs, lossPercent: hop.lossPercent };
}

/** A snapshot's hops in TTL order. */
export function hopLinesOf(snapshot: Pick<TraceSnapshot, 'hops'>): HopLine[] {
  return [...snapshot.hops].sort((a, b) => a.ttl - b.ttl).map(hopLineOf);
}

/**
 * How a TTL differs between two runs: `same` address, another `address`, or a hop that only one
 * run reached (`onlyLeft`, `onlyRight`). Two silent hops ("*") count as the same: nothing says
 * the route moved there.
 */
export type HopChange = 'same' | 'address' | 'onlyLeft' | 'onlyRight';

export interface ComparedHop {
  ttl: number;
  left: HopLine | null;
  right: HopLine | null;
  change: HopChange;
}

export interface SnapshotComparison {
  rows: ComparedHop[];
  /** Rows whose change is not `same`. */
  changedCount: number;
  /** Whether the two runs ended at the same place (both reached the target, or neither). */
  sameOutcome: boolean;
}

function changeOf(left: HopLine | null, right: HopLine | null): HopChange {
  if (left && !right) return 'onlyLeft';
  if (right && !left) return 'onlyRight';
  return left?.address === right?.address ? 'same' : 'address';
}

/** Two runs side by side, TTL by TTL. */
export function compareSnapshots(left: Pick<TraceSnapshot, 'hops' | 'reached'>, right: Pick<TraceSnapshot, 'hops' | 'reached'>): SnapshotComparison {
  const byTtl = (snapshot: Pick<TraceSnapshot, 'hops'>) => new Map(hopLinesOf(snapshot).map((line) => [line.ttl, line]));
  const leftHops = byTtl(left);
  const rightHops = byTtl(right);
  const ttls = [...new Set([...leftHops.keys(), ...rightHops.keys()])].sort((a, b) => a - b);
  const rows = ttls.map((ttl) => {
    const leftLine = leftHops.get(ttl) ?? null;
    const rightLine = rightHops.get(ttl) ?? null;
    return { ttl, left: leftLine, right: rightLine, change: changeOf(leftLine, rightLine) };
  });
  return { rows, changedCount: rows.filter((row) => row.change !== 'same').length, sameOutcome: left.reached === right.reached };
}

/** Snapshots newest first, of one node when `nodeId` is given. */
export function snapshotsNewestFirst<T extends Pick<TraceSnapshot, 'time' | 'nodeId' | 'resultId'>>(list: readonly T[], nodeId?: number): T[] {
  return list
    .filter((snapshot) => nodeId === undefined || snapshot.nodeId === nodeId)
    .sort((a, b) => Date.parse(b.time) - Date.parse(a.time) || b.resultId - a.resultId);
}

/**
 * The pair to compare: the chosen ids in time order (older on the left), or null until two
 * snapshots of the list are chosen.
 */
export function comparisonPair<T extends Pick<TraceSnapshot, 'time' | 'resultId'>>(list: readonly T[], chosen: readonly number[]): [T, T] | null {
  const picked = list.filter((snapshot) => chosen.includes(snapshot.resultId));
  if (picked.length !== 2) return null;
  const [a, b] = picked.sort((x, y) => Date.parse(x.time) - Date.parse(y.time) || x.resultId - y.resultId) as [T, T];
  return [a, b];
}

/** Choosing a third snapshot drops the oldest choice, so there are never more than two. */
export function toggleChoice(chosen: readonly number[], resultId: number): number[] {
  if (chosen.includes(resultId)) return chosen.filter((id) => id !== resultId);
  return [...chosen, resultId].slice(-2);
}

/**
 * The choices still in the list: a refresh that pushes a chosen snapshot out of the newest ones
 * drops that choice, so the pair never counts a run the screen no longer shows.
 */
export function choicesStillListed(chosen: readonly number[], list: readonly Pick<TraceSnapshot, 'resultId'>[]): number[] {
  const listed = new Set(list.map((snapshot) => snapshot.resultId));
  return chosen.filter((resultId) => listed.has(resultId));
}

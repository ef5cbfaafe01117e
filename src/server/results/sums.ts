/** What a set of checks adds up to; every figure of every screen is computed from these. */
export interface Sums {
  count: number;
  successes: number;
  /** Successful checks that measured a latency (latency figures describe these only). */
  latencyCount: number;
  latencySum: number;
  /** null where the source keeps no extremes (the per-task sums) or nothing was measured. */
  latencyMin: number | null;
  latencyMax: number | null;
}

export const emptySums = (): Sums => ({ count: 0, successes: 0, latencyCount: 0, latencySum: 0, latencyMin: null, latencyMax: null });

const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const higher = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/** Adds `more` into `into`. */
export function addSums<T extends Sums>(into: T, more: Sums): T {
  into.count += more.count;
  into.successes += more.successes;
  into.latencyCount += more.latencyCount;
  into.latencySum += more.latencySum;
  into.latencyMin = lower(into.latencyMin, more.latencyMin);
  into.latencyMax = higher(into.latencyMax, more.latencyMax);
  return into;
}

/** Successful checks over all checks in percent; null without checks. The one availability formula. */
export const availabilityOf = (sums: Pick<Sums, 'count' | 'successes'>): number | null => (sums.count > 0 ? (sums.successes / sums.count) * 100 : null);

/** Average latency of the successful checks that measured one; null without any. */
export const averageLatencyOf = (sums: Pick<Sums, 'latencyCount' | 'latencySum'>): number | null =>
  sums.latencyCount > 0 ? sums.latencySum / sums.latencyCount : null;

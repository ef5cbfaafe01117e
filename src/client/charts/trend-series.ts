/** One moment of a task's trend: availability (percent) and response time (ms), null where nothing was measured. */
export interface TrendPoint {
  /** Epoch ms of the start of the bucket. */
  at: number;
  availability: number | null;
  latencyMs: number | null;
}

export interface XY {
  x: number;
  y: number | null;
}

export interface TrendSeries {
  availability: XY[];
  latency: XY[];
}

const isMeasured = (value: number | null): value is number => value !== null && Number.isFinite(value);

export function hasTrendData(points: readonly TrendPoint[]): boolean {
  return points.some((point) => isMeasured(point.availability) || isMeasured(point.latencyMs));
}

/** The usual distance between points: the median, so one outage does not stretch it. */
function typicalInterval(sorted: readonly TrendPoint[]): number | null {
  const intervals = sorted.slice(1).map((point, index) => point.at - (sorted[index]?.at ?? point.at)).filter((gap) => gap > 0);
  if (intervals.length === 0) return null;
  intervals.sort((a, b) => a - b);
  return intervals[Math.floor(intervals.length / 2)] ?? null;
}

/** A gap wider than twice the usual interval means buckets are missing: the line breaks there. */
const GAP_FACTOR = 2;

/**
 * The two lines of the chart, in time order. Missing measurements stay null, and where whole
 * buckets are missing a null is put in the gap, so the line breaks instead of bridging an outage.
 */
export function trendSeries(points: readonly TrendPoint[]): TrendSeries {
  const sorted = [...points].filter((point) => Number.isFinite(point.at)).sort((a, b) => a.at - b.at);
  const interval = typicalInterval(sorted);
  const series: TrendSeries = { availability: [], latency: [] };
  sorted.forEach((point, index) => {
    const previous = sorted[index - 1];
    if (previous && interval !== null && point.at - previous.at > GAP_FACTOR * interval) {
      const x = previous.at + interval;
      series.availability.push({ x, y: null });
      series.latency.push({ x, y: null });
    }
    series.availability.push({ x: point.at, y: isMeasured(point.availability) ? point.availability : null });
    series.latency.push({ x: point.at, y: isMeasured(point.latencyMs) ? point.latencyMs : null });
  });
  return series;
}

export interface TimeRange {
  from: number;
  to: number;
}

/** The x extent: the chosen range when given, else the points' own. */
export function trendExtent(points: readonly TrendPoint[], range?: TimeRange): TimeRange | null {
  if (range && range.to > range.from) return range;
  const times = points.map((point) => point.at).filter(Number.isFinite);
  if (times.length === 0) return null;
  const from = times.reduce((min, at) => Math.min(min, at));
  const to = times.reduce((max, at) => Math.max(max, at));
  return to > from ? { from, to } : { from: from - 30 * 60_000, to: to + 30 * 60_000 };
}

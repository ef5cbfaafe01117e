/**
 * A fixed log-scale latency histogram, stored as one integer column per bin so rollup upserts add
 * bins in SQL (no read-modify-write) and a percentile over any range is one SUM per bin.
 *
 * Bin 0 holds latencies below BASE_MS; bin i (1..62) holds [BASE_MS·2^((i-1)/3), BASE_MS·2^(i/3));
 * bin 63 holds everything above (about 415 s). A bin spans a factor 2^(1/3), so a percentile read
 * at the bin's geometric middle is within ±12.3 % of the true value.
 */

export const HISTOGRAM_BINS = 64;
export const HISTOGRAM_BASE_MS = 0.25;
const BINS_PER_OCTAVE = 3;
/** The largest relative error of a value read back from its bin (bins 1-62). */
export const HISTOGRAM_RELATIVE_ERROR = 2 ** (1 / (2 * BINS_PER_OCTAVE)) - 1;

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
export type HistogramColumn = `h${'0' | '1' | '2' | '3' | '4' | '5'}${Digit}` | `h6${'0' | '1' | '2' | '3'}`;

export const HISTOGRAM_COLUMNS: readonly HistogramColumn[] = Array.from(
  { length: HISTOGRAM_BINS },
  (_, index) => `h${String(index).padStart(2, '0')}` as HistogramColumn,
);

export function binOf(latencyMs: number): number {
  if (!(latencyMs >= HISTOGRAM_BASE_MS)) return 0;
  const bin = 1 + Math.floor(BINS_PER_OCTAVE * Math.log2(latencyMs / HISTOGRAM_BASE_MS));
  return Math.min(bin, HISTOGRAM_BINS - 1);
}

/** The value a bin stands for: the geometric middle of its bounds (the lower bound for the last). */
export function representativeOf(bin: number): number {
  if (bin <= 0) return HISTOGRAM_BASE_MS / 2;
  if (bin >= HISTOGRAM_BINS - 1) return HISTOGRAM_BASE_MS * 2 ** ((HISTOGRAM_BINS - 2) / BINS_PER_OCTAVE);
  return HISTOGRAM_BASE_MS * 2 ** ((bin - 0.5) / BINS_PER_OCTAVE);
}

/**
 * The p-th percentile (0 < p ≤ 100) of the counted latencies, clamped to the observed min and max
 * when given; null when nothing was counted.
 */
export function percentileOf(
  bins: readonly number[],
  p: number,
  observed: { min: number | null; max: number | null } = { min: null, max: null },
): number | null {
  const total = bins.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil((Math.min(Math.max(p, 0), 100) / 100) * total));
  let seen = 0;
  let bin = 0;
  for (; bin < bins.length; bin += 1) {
    seen += bins[bin] ?? 0;
    if (seen >= rank) break;
  }
  let value = representativeOf(bin);
  if (observed.min !== null) value = Math.max(value, observed.min);
  if (observed.max !== null) value = Math.min(value, observed.max);
  return value;
}

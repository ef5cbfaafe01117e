/** Nearest-rank percentile (0 < p ≤ 100) of the samples; 0 when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? 0;
}

/** Milliseconds a call takes, for each of `runs` calls (awaited one after another). */
export async function timeRuns(runs: number, call: (run: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = process.hrtime.bigint();
    await call(run);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}

// The task detail page's reads on a large store: summary, trend and breakdown (with the map data)
// of a random task over a range the console offers, on 1,000 one-minute tasks × 10 nodes with 30
// days of hour rollups and 2 days of minute rollups (quick: 200 tasks, 7 days, 1 day), and raw results
// in the minutes at the ranges' edges. The clock stands mid-minute, as a real "now" does, so every
// range has ragged edges read from raw results.
import type { StoreContext } from '../../src/server/modules/tasks/store-context.js';
import { detailBreakdown, detailSummary, detailTrend } from '../../src/server/modules/domain-detail/service.js';
import { MINUTE_MS } from '../../src/server/results/index.js';
import { seededRandom } from './probes-scale/results.js';
import { percentile, timeRuns } from './probes-scale/stats.js';
import { catalogueNodeIds, createTasks, mixedTaskInput, openBenchStore } from './probes-scale/store.js';
import { progress, type BenchOptions, type Figure } from './report.js';
import { fillDetailRollups, fillEdgeResults } from './tasks-detail-fill.js';

const NODES = 10;
const HOUR_MS = 3_600_000;
const HOUR = HOUR_MS;
const DAY_MS = 24 * HOUR_MS;

/** The time filters of the detail screen: quick choices and "last n days / month" ranges. */
const RANGES: { label: string; range: (now: number) => { hours: 1 | 12 | 168 } | { from: number; to: number } }[] = [
  { label: '1h', range: () => ({ hours: 1 }) },
  { label: '12h', range: () => ({ hours: 12 }) },
  { label: '1d', range: (now) => ({ from: now - DAY_MS, to: now }) },
  { label: '2d', range: (now) => ({ from: now - 2 * DAY_MS, to: now }) },
  { label: '7d', range: () => ({ hours: 168 }) },
  { label: '30d', range: (now) => ({ from: now - 30 * DAY_MS, to: now }) },
];

const startOf = (range: ReturnType<(typeof RANGES)[number]['range']>, now: number) => ('hours' in range ? now - range.hours * HOUR : range.from);

/** The minutes holding the ranges' ragged edges: where each range starts, and now. */
const edgeMinutes = (now: number) => [now, ...RANGES.map(({ range }) => startOf(range(now), now))].map((time) => Math.floor(time / MINUTE_MS) * MINUTE_MS);

/** What the detail screen asks when it opens: summary, trend and breakdown of one range. */
async function openDetailPage(ctx: StoreContext, custId: number, id: number, range: ReturnType<(typeof RANGES)[number]['range']>): Promise<void> {
  await detailSummary(ctx, custId, { id, range });
  await detailTrend(ctx, custId, { id, range });
  await detailBreakdown(ctx, custId, { id, range });
}

export async function tasksDetailFigures(options: BenchOptions): Promise<Figure[]> {
  const tasksCount = options.quick ? 200 : 1_000;
  const hourDays = options.quick ? 7 : 30;
  const minuteDays = options.quick ? 1 : 2;
  const runsPerRange = options.quick ? 40 : 100;
  const end = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  // The clock stands mid-minute, a minute and a half after the newest bucket.
  const store = await openBenchStore(() => end + MINUTE_MS + 29_500);
  try {
    const nodeIds = await catalogueNodeIds(store.db, NODES);
    progress(`tasks.detail: creating ${tasksCount} tasks on ${NODES} nodes${options.quick ? ' (quick size)' : ''}`);
    const tasks = await createTasks(store.ctx, store.custId, tasksCount, (index) => mixedTaskInput(index, nodeIds, 1), 'tasks.detail');
    const taskIds = tasks.map((task) => task.id);
    await fillDetailRollups(store.db, { taskIds, nodeIds, end, hourDays, minuteDays });
    await fillEdgeResults(store.db, { taskIds, nodeIds, minutes: edgeMinutes(store.ctx.now()) });

    const random = seededRandom(5);
    const taskAt = () => taskIds[Math.floor(random() * taskIds.length)] ?? 0;
    const now = store.ctx.now();
    const sample = await detailBreakdown(store.ctx, store.custId, { id: taskAt(), range: { hours: 1 } });
    if (sample.nodes.filter((node) => node.count > 0).length !== NODES) throw new Error('the detail breakdown misses nodes');
    const perRange: Figure[] = [];
    const all: number[] = [];
    for (const { label, range } of RANGES.filter(({ label }) => label !== '30d' || hourDays >= 30)) {
      progress(`tasks.detail: timing the detail page over ${label}`);
      const samples = await timeRuns(runsPerRange, () => openDetailPage(store.ctx, store.custId, taskAt(), range(now)));
      all.push(...samples);
      perRange.push({ name: `tasks.detail.page_${label}_p95`, value: percentile(samples, 95), unit: 'ms', target: null, better: 'lower' });
    }
    progress(`tasks.detail: page median ${percentile(all, 50).toFixed(2)} ms over ${all.length} runs`);
    return [{ name: 'tasks.detail.page_p95', value: percentile(all, 95), unit: 'ms', target: '≤ 30', better: 'lower' }, ...perRange];
  } finally {
    await store.close();
  }
}

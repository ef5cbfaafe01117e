// Dashboard reads over a large store: every task's 24 h availability, and one task's 7-day
// per-node trend, on 1,000 tasks × 10 nodes with 10 million stored results (quick: 1 million).
import { MINUTE_MS, rangeSums, type TimeRange } from '../../../src/server/results/index.js';
import type { StoreContext } from '../../../src/server/modules/tasks/store-context.js';
import { progress, type BenchOptions, type Figure } from '../report.js';
import { fillResults } from './fill.js';
import { seededRandom } from './results.js';
import { percentile, timeRuns } from './stats.js';
import { catalogueNodeIds, createTasks, mixedTaskInput, openBenchStore } from './store.js';

const TASKS = 1_000;
const NODES = 10;
/** Ten-minute checks: 1,000 results per series span about seven days. */
const FREQUENCY_MINUTES = 10;
const DAY_MS = 24 * 3_600_000;
/** The default minute-rollup retention (VIGIL_MINUTE_ROLLUP_RETENTION_DAYS): older ones are pruned. */
const MINUTE_ROLLUP_DAYS = 2;

/** Every task's availability over the range, as the lists read it. */
const availability = async (ctx: StoreContext, custId: number, range: TimeRange) => (await rangeSums(ctx, { custId }, range, { by: 'task' })).groups;

/** One task's per-node trend over the range, as the detail screen reads it. */
async function trend(ctx: StoreContext, custId: number, taskId: number, range: TimeRange, nodeIds: readonly number[]) {
  const { groups } = await rangeSums(ctx, { custId, taskIds: [taskId] }, range, { by: 'time', nodeIds });
  return { nodes: [...new Set(groups.map((group) => group.nodeId))] };
}

export async function storeQueryFigures(options: BenchOptions): Promise<Figure[]> {
  const perSeries = options.quick ? 100 : 1_000;
  const size = options.quick ? '1m' : '10m';
  const end = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
  const store = await openBenchStore(() => end);
  try {
    const nodeIds = await catalogueNodeIds(store.db, NODES);
    progress(`store: creating ${TASKS} tasks on ${NODES} nodes${options.quick ? ' (quick size: 1 million results)' : ''}`);
    const tasks = await createTasks(store.ctx, store.custId, TASKS, (index) => mixedTaskInput(index, nodeIds, FREQUENCY_MINUTES), 'store');
    await fillResults(store.db, { tasks, nodeIds, perSeries, frequencyMinutes: FREQUENCY_MINUTES, end, minuteRollupsSince: end - MINUTE_ROLLUP_DAYS * DAY_MS });

    progress('store: timing every task\'s 24 h availability');
    const day = { from: end - DAY_MS, to: end };
    const checked = await availability(store.ctx, store.custId, day);
    if (checked.length !== TASKS || checked.some((task) => task.count === 0)) throw new Error('availability misses tasks');
    const availabilityMs = await timeRuns(options.quick ? 20 : 50, () => availability(store.ctx, store.custId, day));

    progress('store: timing one task\'s 7-day per-node trend');
    const week = { from: end - 7 * DAY_MS, to: end };
    const random = seededRandom(3);
    const taskAt = () => tasks[Math.floor(random() * tasks.length)]?.id ?? 0;
    const sample = await trend(store.ctx, store.custId, taskAt(), week, nodeIds);
    if (sample.nodes.length !== NODES) throw new Error(`trend answered ${sample.nodes.length} nodes, ${NODES} expected`);
    const trendMs = await timeRuns(options.quick ? 100 : 300, () => trend(store.ctx, store.custId, taskAt(), week, nodeIds));
    progress(
      `store: availability median ${percentile(availabilityMs, 50).toFixed(1)} ms over ${availabilityMs.length} runs; ` +
        `trend median ${percentile(trendMs, 50).toFixed(2)} ms over ${trendMs.length} runs`,
    );
    return [
      { name: `probes.store_${size}.availability_24h_all_tasks_p95`, value: percentile(availabilityMs, 95), unit: 'ms', target: '≤ 60', better: 'lower' },
      { name: `probes.store_${size}.trend_7d_one_task_p95`, value: percentile(trendMs, 95), unit: 'ms', target: '≤ 5', better: 'lower' },
    ];
  } finally {
    await store.close();
  }
}

// Ingest with rollups: results per second stored through ingestBatch (raw rows, minute and hour
// rollups, latest state, batch idempotency) in batches like an agent sends, one node at a time.
import { randomUUID } from 'node:crypto';
import { ingestBatch, type IngestItem } from '../../../src/server/results/index.js';
import { MINUTE_MS } from '../../../src/server/results/index.js';
import { progress, type BenchOptions, type Figure } from '../report.js';
import { resultOf, seededRandom } from './results.js';
import { catalogueNodeIds, createTasks, mixedTaskInput, openBenchStore, type MixedTaskType } from './store.js';

const TASKS = 1_000;
const NODES = 10;
const WARM_UP_BATCHES = 5;

/** One node's batch of one simulated minute: every task once, spread over the minute. */
function minuteBatch(tasks: readonly { id: number; type: number }[], minuteStart: number, random: () => number): IngestItem[] {
  const spacing = MINUTE_MS / tasks.length;
  return tasks.map((task, index) => ({
    taskId: task.id,
    taskVersion: 1,
    result: resultOf(task.type as MixedTaskType, Math.floor(minuteStart + index * spacing), random),
  }));
}

export async function ingestFigures(options: BenchOptions): Promise<Figure[]> {
  const seconds = options.quick ? 2 : 10;
  const store = await openBenchStore();
  try {
    const nodeIds = await catalogueNodeIds(store.db, NODES);
    progress(`ingest: creating ${TASKS} tasks (ICMP, TCP, HTTP, HTTPS, DNS) on ${NODES} nodes`);
    const tasks = await createTasks(store.ctx, store.custId, TASKS, (index) => mixedTaskInput(index, nodeIds, 1), 'ingest');
    const random = seededRandom(7);
    const firstMinute = Math.floor((Date.now() - 24 * 3_600_000) / MINUTE_MS) * MINUTE_MS;
    progress(`ingest: batches of ${TASKS} results through ingestBatch for ~${seconds} s of ingest time${options.quick ? ' (quick size)' : ''}`);
    let spentNs = 0n;
    let stored = 0;
    for (let batch = 0; spentNs < BigInt(seconds) * 1_000_000_000n; batch += 1) {
      const nodeId = nodeIds[batch % NODES] ?? 0;
      const items = minuteBatch(tasks, firstMinute + Math.floor(batch / NODES) * MINUTE_MS, random);
      const start = process.hrtime.bigint();
      const answer = await ingestBatch(store.ctx, nodeId, randomUUID(), items);
      const spent = process.hrtime.bigint() - start;
      if (answer.accepted !== items.length) throw new Error(`ingest accepted ${answer.accepted} of ${items.length}`);
      if (batch < WARM_UP_BATCHES) continue;
      spentNs += spent;
      stored += answer.accepted;
    }
    const perSecond = stored / (Number(spentNs) / 1e9);
    progress(`ingest: ${stored} results in ${(Number(spentNs) / 1e9).toFixed(1)} s of ingestBatch time`);
    return [{ name: 'probes.ingest.results_per_s', value: perSecond, unit: 'results/s', target: '≥ 20000', better: 'higher' }];
  } finally {
    await store.close();
  }
}

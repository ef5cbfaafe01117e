import type { Db } from '../../../src/server/db/connection.js';
import { type AgentProcess, resultsInSpool, resultsProduced } from './agent-process.js';

/** What the agents produced for a node against what its database stored, once the agents stopped. */
export interface NodeTally {
  produced: number;
  stored: number;
  /** Stored rows beyond the first for one (task, node, time). */
  duplicates: number;
  /** Produced but neither stored, still waiting in the spool, nor reported dropped. */
  lost: number;
  dropped: number;
  /** Per task: stored rows, and what the minute rollups count. */
  storedPerTask: Map<number, number>;
  rolledUpPerTask: Map<number, number>;
}

export async function tallyNode(db: Db, nodeId: number, dataDir: string, agents: readonly AgentProcess[]): Promise<NodeTally> {
  const rows = await db.selectFrom('results').select(['task_id', 'ts']).where('node_id', '=', nodeId).execute();
  const batches = await db.selectFrom('result_batches').select('batch_id').where('node_id', '=', nodeId).execute();
  const node = await db.selectFrom('nodes').select('results_dropped').where('id', '=', nodeId).executeTakeFirstOrThrow();
  const rollups = await db
    .selectFrom('rollup_minute')
    .select(['task_id', (eb) => eb.fn.sum<number>('count').as('count')])
    .where('node_id', '=', nodeId)
    .groupBy('task_id')
    .execute();
  const distinct = new Set(rows.map((row) => `${row.task_id}/${row.ts}`)).size;
  const waiting = resultsInSpool(dataDir, new Set(batches.map((batch) => batch.batch_id)));
  const produced = resultsProduced(agents);
  const storedPerTask = new Map<number, number>();
  for (const row of rows) storedPerTask.set(row.task_id, (storedPerTask.get(row.task_id) ?? 0) + 1);
  return {
    produced,
    stored: rows.length,
    duplicates: rows.length - distinct,
    lost: produced - distinct - waiting - node.results_dropped,
    dropped: node.results_dropped,
    storedPerTask,
    rolledUpPerTask: new Map(rollups.map((rollup) => [rollup.task_id, Number(rollup.count)])),
  };
}

import type { Db } from '../../../src/server/db/connection.js';
import { type AgentProcess, resultsInSpool, resultsProduced, spooledBatches } from './agent-process.js';

/** What the agents produced for a node against what its database stored, once the agents stopped. */
export interface NodeTally {
  produced: number;
  stored: number;
  /** Stored rows beyond the first for one (task, node, time). */
  duplicates: number;
  /** Produced but neither stored, still waiting in the spool, nor reported dropped. */
  lost: number;
  /** Results in batches still spooled that the server does not have (the agent's last flush on stopping). */
  waiting: number;
  dropped: number;
  /** Results the server refused (summed over its batch records): counted in `lost` too. */
  rejected: number;
  /** Batches the agents spooled that the server has no record of and the spool no longer holds. */
  missingBatches: string[];
  /** Up to ten (task/time) keys stored more than once, with the ids of their rows (ids are given out per batch, in order). */
  doubledKeys: string[];
  /** Per task: stored rows, and what the minute rollups count. */
  storedPerTask: Map<number, number>;
  rolledUpPerTask: Map<number, number>;
}

/** The tally as one line for a failed assertion's message (what a rerun cannot show again). */
export function tallyText(tally: NodeTally): string {
  const { produced, stored, duplicates, lost, waiting, dropped, rejected, missingBatches, doubledKeys } = tally;
  return JSON.stringify({ produced, stored, duplicates, lost, waiting, dropped, rejected, missingBatches, doubledKeys });
}

function doubledKeysOf(rows: readonly { id: number; task_id: number; ts: number }[]): string[] {
  const idsByKey = new Map<string, number[]>();
  for (const row of rows) {
    const key = `${row.task_id}/${row.ts}`;
    idsByKey.set(key, [...(idsByKey.get(key) ?? []), row.id]);
  }
  return [...idsByKey].filter(([, ids]) => ids.length > 1).slice(0, 10).map(([key, ids]) => `${key}: ids ${ids.join(',')}`);
}

/**
 * What the database holds for the node, read in one snapshot: a batch whose call the agent abandoned
 * when it stopped may still be committed by the server meanwhile, and read between two separate
 * reads it would count as neither stored nor waiting (lost) or as both.
 */
function readStore(db: Db, nodeId: number) {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({
      rows: await trx.selectFrom('results').select(['id', 'task_id', 'ts']).where('node_id', '=', nodeId).execute(),
      batches: await trx.selectFrom('result_batches').select(['batch_id', 'rejected']).where('node_id', '=', nodeId).execute(),
      node: await trx.selectFrom('nodes').select('results_dropped').where('id', '=', nodeId).executeTakeFirstOrThrow(),
      rollups: await trx
        .selectFrom('rollup_minute')
        .select(['task_id', (eb) => eb.fn.sum<number>('count').as('count')])
        .where('node_id', '=', nodeId)
        .groupBy('task_id')
        .execute(),
    }));
}

export async function tallyNode(db: Db, nodeId: number, dataDir: string, agents: readonly AgentProcess[]): Promise<NodeTally> {
  const { rows, batches, node, rollups } = await readStore(db, nodeId);
  const distinct = new Set(rows.map((row) => `${row.task_id}/${row.ts}`)).size;
  const storedBatchIds = new Set(batches.map((batch) => batch.batch_id));
  const waiting = resultsInSpool(dataDir, storedBatchIds);
  const inSpool = new Set(spooledBatches(dataDir));
  const produced = resultsProduced(agents);
  const storedPerTask = new Map<number, number>();
  for (const row of rows) storedPerTask.set(row.task_id, (storedPerTask.get(row.task_id) ?? 0) + 1);
  return {
    produced,
    stored: rows.length,
    duplicates: rows.length - distinct,
    lost: produced - distinct - waiting - node.results_dropped,
    waiting,
    dropped: node.results_dropped,
    rejected: batches.reduce((sum, batch) => sum + Number(batch.rejected), 0),
    missingBatches: [...new Set(agents.flatMap((agent) => agent.lines).filter((line) => line.event === 'spooled').map((line) => String(line.batchId)))].filter(
      (batchId) => !storedBatchIds.has(batchId) && !inSpool.has(batchId),
    ),
    doubledKeys: doubledKeysOf(rows),
    storedPerTask,
    rolledUpPerTask: new Map(rollups.map((rollup) => [rollup.task_id, Number(rollup.count)])),
  };
}

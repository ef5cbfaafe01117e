import type { Db } from '../../db/connection.js';
import type { MtrRunNodeState } from '../../db/schema.js';

/** SQL of the MTR runs and their nodes; every read of a run is scoped to its customer. */

export interface NewRunNode {
  nodeId: number;
  position: number;
  jobId: string | null;
  state: MtrRunNodeState;
}

export async function insertRun(db: Db, run: { custId: number; target: string; count: number; createdAt: number }, nodes: readonly NewRunNode[]): Promise<number> {
  const { id } = await db
    .insertInto('mtr_runs')
    .values({ cust_id: run.custId, target: run.target, count: run.count, created_at: run.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('mtr_run_nodes')
    .values(nodes.map((node) => ({ run_id: id, node_id: node.nodeId, position: node.position, job_id: node.jobId, state: node.state, updated_at: run.createdAt })))
    .execute();
  return id;
}

export function findRun(db: Db, custId: number, runId: number) {
  return db.selectFrom('mtr_runs').selectAll().where('id', '=', runId).where('cust_id', '=', custId).executeTakeFirst();
}

export function runNodes(db: Db, runIds: readonly number[]) {
  return db
    .selectFrom('mtr_run_nodes')
    .leftJoin('nodes', 'nodes.id', 'mtr_run_nodes.node_id')
    .select(['run_id', 'node_id', 'position', 'state', 'ip', 'failure', 'hops', 'updated_at', 'nodes.name as node_name'])
    .where('run_id', 'in', runIds)
    .orderBy('run_id')
    .orderBy('position')
    .execute();
}
export type RunNodeRow = Awaited<ReturnType<typeof runNodes>>[number];

/** The run's nodes still waiting for their agent, with their job as it stands now (null: pruned). */
export function activeRunNodes(db: Db, runIds: readonly number[]) {
  return db
    .selectFrom('mtr_run_nodes')
    .leftJoin('agent_jobs', 'agent_jobs.id', 'mtr_run_nodes.job_id')
    .select(['mtr_run_nodes.run_id', 'mtr_run_nodes.node_id', 'mtr_run_nodes.state', 'agent_jobs.state as job_state', 'agent_jobs.taken_at', 'agent_jobs.result'])
    .where('mtr_run_nodes.run_id', 'in', runIds)
    .where('mtr_run_nodes.state', 'in', ['queued', 'running'])
    .execute();
}
export type ActiveRunNodeRow = Awaited<ReturnType<typeof activeRunNodes>>[number];

export interface RunNodeChange {
  state: MtrRunNodeState;
  ip?: string | null;
  failure?: string | null;
  hops?: string;
}

/** Moves a node of a run on, only while it is still waiting (a late progress report never undoes a finish). */
export async function updateRunNode(db: Db, key: { runId: number; nodeId: number }, change: RunNodeChange, now: number): Promise<void> {
  await db
    .updateTable('mtr_run_nodes')
    .set({ ...change, updated_at: now })
    .where('run_id', '=', key.runId)
    .where('node_id', '=', key.nodeId)
    .where('state', 'in', ['queued', 'running'])
    .execute();
}

/** Stores an agent's hops so far for its job; answers whether the job's node row was still running. */
export async function storeProgress(db: Db, jobId: string, progress: { ip: string | null; hops: string }, now: number): Promise<boolean> {
  const updated = await db
    .updateTable('mtr_run_nodes')
    .set({ state: 'running', ip: progress.ip, hops: progress.hops, updated_at: now })
    .where('job_id', '=', jobId)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export async function countRuns(db: Db, custId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('mtr_runs')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('cust_id', '=', custId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function pageOfRuns(db: Db, custId: number, since: number, page: { offset: number; limit: number }) {
  return db
    .selectFrom('mtr_runs')
    .selectAll()
    .where('cust_id', '=', custId)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}
export type RunRow = Awaited<ReturnType<typeof pageOfRuns>>[number];

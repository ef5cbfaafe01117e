import type { DeployResultAnswer, NodeDeployResult } from '../../../shared/calls/domain-deploy.js';
import type { DeployStatus } from '../../../shared/codes.js';
import { isoTime, isoTimeOrNull } from '../../db/columns.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import { deployDeadlineOf, type StoreContext } from '../tasks/store-context.js';
import { customerTask } from '../tasks/customer-task.js';
import { isActive, type Task } from '../tasks/task-model.js';
import { assertNoImportProcessing } from '../imports/lock.js';
import { currentDeployments, expireOverdue, hasProcessing, insertProcessing, type DeploymentRow } from './deployments-repo.js';
import { sendToNode } from './publish.js';

export type { NodeDeployResult };
export type DeployResult = DeployResultAnswer;

function nodeResultOf(row: DeploymentRow, registered: ReadonlySet<number>): NodeDeployResult {
  return {
    nodeId: row.node_id,
    state: row.state,
    errorCode: row.error_code,
    errorTime: isoTimeOrNull(row.error_time),
    message: row.message,
    agentRegistered: registered.has(row.node_id),
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

/** Which of these nodes an agent has registered for (the same fact as a node status other than `none`). */
async function nodesWithAgent(db: Db, nodeIds: readonly number[]): Promise<Set<number>> {
  if (nodeIds.length === 0) return new Set();
  const rows = await db.selectFrom('nodes').select('id').where('id', 'in', nodeIds).where('last_seen_at', 'is not', null).execute();
  return new Set(rows.map((row) => row.id));
}

/** processing while any node is; error_nodes when any failed; completed otherwise. */
export function deployStatusOf(rows: readonly Pick<DeploymentRow, 'state'>[]): DeployStatus {
  if (rows.some((row) => row.state === 'processing')) return 'processing';
  if (rows.some((row) => row.state === 'error')) return 'error_nodes';
  return 'completed';
}

/** The deployments of the task's current version on the nodes that run it. */
async function currentOf(db: Db, task: Task): Promise<DeploymentRow[]> {
  if (!isActive(task)) return [];
  const selected = new Set(task.nodeIds);
  return (await currentDeployments(db, task.id, task.version)).filter((row) => selected.has(row.node_id));
}

/** Inside a task change's transaction: refuses (2131) while any node is still being deployed to. */
export async function assertNotDeploying(db: Db, taskId: number, now: number): Promise<void> {
  await expireOverdue(db, now);
  if (await hasProcessing(db, taskId)) throw new AppError(2131);
}

export async function deployResult(ctx: StoreContext, custId: number, taskId: number): Promise<DeployResult> {
  await expireOverdue(ctx.db, ctx.now());
  const task = await customerTask(ctx.db, custId, taskId);
  const rows = await currentOf(ctx.db, task);
  const registered = await nodesWithAgent(ctx.db, rows.map((row) => row.node_id));
  return { taskId: task.id, taskVersion: task.version, deployStatus: deployStatusOf(rows), nodes: rows.map((row) => nodeResultOf(row, registered)) };
}

/** Re-sends the task's current version to its error nodes only; 2552 when no node failed. */
export async function rebuild(ctx: StoreContext, custId: number, taskId: number): Promise<DeployResult> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await expireOverdue(trx, now);
    const task = await customerTask(trx, custId, taskId);
    await assertNoImportProcessing(trx, custId);
    const failed = (await currentOf(trx, task)).filter((row) => row.state === 'error');
    if (failed.length === 0) throw new AppError(2552);
    for (const row of failed) await sendToNode(trx, task, row.node_id);
    const rows = failed.map((row) => ({ taskId: task.id, nodeId: row.node_id, taskVersion: task.version }));
    await insertProcessing(trx, rows, now, deployDeadlineOf(ctx));
  });
  return deployResult(ctx, custId, taskId);
}

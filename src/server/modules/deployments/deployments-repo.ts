import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { DeploymentsTable } from '../../db/schema-tasks.js';

export type DeploymentRow = Selectable<DeploymentsTable>;

/** Task ids per statement of the set-based reads and writes (well under either engine's parameter limit). */
export const TASK_CHUNK = 500;

/** The code and message an error node carries when its agent did not acknowledge in time. */
export const ACK_TIMEOUT = { code: 2505, message: 'ack_timeout' } as const;

/** The code and message of an error node whose task cannot be turned into check options. */
export const INVALID_OPTIONS = { code: 2505, message: 'invalid_options' } as const;

/** The node's processing deployment of this task version becomes an error node with the reason. */
export async function failDeployment(
  db: Db,
  deployment: { taskId: number; nodeId: number; taskVersion: number },
  reason: { code: number; message: string },
  now: number,
): Promise<void> {
  await db
    .updateTable('deployments')
    .set({ state: 'error', error_code: reason.code, error_time: now, message: reason.message, updated_at: now })
    .where('task_id', '=', deployment.taskId)
    .where('node_id', '=', deployment.nodeId)
    .where('task_version', '=', deployment.taskVersion)
    .where('state', '=', 'processing')
    .execute();
}

/** Turns every processing deployment whose deadline has passed into an error node. */
export async function expireOverdue(db: Db, now: number): Promise<void> {
  await db
    .updateTable('deployments')
    .set((eb) => ({
      state: 'error',
      error_code: ACK_TIMEOUT.code,
      error_time: eb.ref('deadline_at'),
      message: ACK_TIMEOUT.message,
      updated_at: now,
    }))
    .where('state', '=', 'processing')
    .where('deadline_at', '<=', now)
    .execute();
}

export async function insertProcessing(
  db: Db,
  rows: { taskId: number; nodeId: number; taskVersion: number }[],
  now: number,
  deadlineMs: number,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('deployments')
    .values(
      rows.map((row) => ({
        task_id: row.taskId,
        node_id: row.nodeId,
        task_version: row.taskVersion,
        state: 'processing' as const,
        deadline_at: now + deadlineMs,
        message: '',
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/** The newest deployment of each node for each of these tasks (any version), in one read per TASK_CHUNK tasks. */
export async function newestDeploymentsOf(db: Db, taskIds: readonly number[]): Promise<DeploymentRow[]> {
  const rows: DeploymentRow[] = [];
  for (let start = 0; start < taskIds.length; start += TASK_CHUNK) {
    rows.push(
      ...(await db
        .selectFrom('deployments as d')
        .selectAll('d')
        .where('d.task_id', 'in', taskIds.slice(start, start + TASK_CHUNK))
        .where(({ eb, selectFrom }) =>
          eb(
            'd.id',
            '=',
            selectFrom('deployments as newer')
              .select(({ fn }) => fn.max('newer.id').as('id'))
              .whereRef('newer.task_id', '=', 'd.task_id')
              .whereRef('newer.node_id', '=', 'd.node_id'),
          ),
        )
        .orderBy('d.task_id')
        .orderBy('d.node_id')
        .execute()),
    );
  }
  return rows;
}

/** The newest deployment of each node for this task version. */
export async function currentDeployments(db: Db, taskId: number, taskVersion: number): Promise<DeploymentRow[]> {
  return (await newestDeploymentsOf(db, [taskId])).filter((row) => row.task_version === taskVersion);
}

export async function hasProcessing(db: Db, taskId: number): Promise<boolean> {
  const row = await db
    .selectFrom('deployments')
    .select('id')
    .where('task_id', '=', taskId)
    .where('state', '=', 'processing')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids of the node's processing deployments of exactly these task versions. */
async function processingIdsOf(db: Db, nodeId: number, acks: readonly { taskId: number; taskVersion: number }[]): Promise<number[]> {
  const wanted = new Set(acks.map((ack) => `${ack.taskId}:${ack.taskVersion}`));
  const rows = await db
    .selectFrom('deployments')
    .select(['id', 'task_id', 'task_version'])
    .where('task_id', 'in', [...new Set(acks.map((ack) => ack.taskId))])
    .where('node_id', '=', nodeId)
    .where('state', '=', 'processing')
    .execute();
  return rows.filter((row) => wanted.has(`${row.task_id}:${row.task_version}`)).map((row) => row.id);
}

/**
 * Marks the node's processing deployments of these task versions completed; answers how many. Two
 * statements per TASK_CHUNK acknowledgements (an agent acknowledges its whole set after a start),
 * not one per task: inside the caller's transaction, which holds SQLite's one connection.
 */
export async function completeAcknowledged(
  db: Db,
  nodeId: number,
  acks: readonly { taskId: number; taskVersion: number }[],
  now: number,
): Promise<number> {
  let completed = 0;
  for (let start = 0; start < acks.length; start += TASK_CHUNK) {
    const ids = await processingIdsOf(db, nodeId, acks.slice(start, start + TASK_CHUNK));
    if (ids.length === 0) continue;
    const result = await db
      .updateTable('deployments')
      .set({ state: 'completed', updated_at: now })
      .where('id', 'in', ids)
      .where('state', '=', 'processing')
      .executeTakeFirst();
    completed += Number(result.numUpdatedRows);
  }
  return completed;
}

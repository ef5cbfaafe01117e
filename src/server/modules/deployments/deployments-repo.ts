import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { DeploymentsTable } from '../../db/schema-tasks.js';

export type DeploymentRow = Selectable<DeploymentsTable>;

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

/** The newest deployment of each node for this task version. */
export function currentDeployments(db: Db, taskId: number, taskVersion: number): Promise<DeploymentRow[]> {
  return db
    .selectFrom('deployments as d')
    .selectAll('d')
    .where('d.task_id', '=', taskId)
    .where('d.task_version', '=', taskVersion)
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
    .orderBy('d.node_id')
    .execute();
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

/** Marks the node's processing deployments of these task versions completed; answers how many. */
export async function completeAcknowledged(
  db: Db,
  nodeId: number,
  acks: readonly { taskId: number; taskVersion: number }[],
  now: number,
): Promise<number> {
  let completed = 0;
  for (const ack of acks) {
    const result = await db
      .updateTable('deployments')
      .set({ state: 'completed', updated_at: now })
      .where('node_id', '=', nodeId)
      .where('task_id', '=', ack.taskId)
      .where('task_version', '=', ack.taskVersion)
      .where('state', '=', 'processing')
      .executeTakeFirst();
    completed += Number(result.numUpdatedRows);
  }
  return completed;
}

import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { TASK_CHUNK } from '../deployments/deployments-repo.js';
import type { TaskRow } from '../tasks/task-model.js';

export interface RoundCandidate {
  task_id: number;
  task_version: number;
}

/**
 * Task versions with a deployment that left processing since `sinceMs` and whose round was not yet
 * told (a round's notice covers every deployment row up to its newest).
 */
export function untoldFinishedDeployments(db: Db, sinceMs: number): Promise<RoundCandidate[]> {
  return db
    .selectFrom('deployments as d')
    .select(['d.task_id', 'd.task_version'])
    .distinct()
    .where('d.updated_at', '>=', sinceMs)
    .where('d.state', '!=', 'processing')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('deployment_notices as n')
            .select(sql`1`.as('one'))
            .whereRef('n.task_id', '=', 'd.task_id')
            .whereRef('n.through_deployment_id', '>=', 'd.id'),
        ),
      ),
    )
    .orderBy('d.task_id')
    .execute();
}

/** The live (not deleted) rows of these tasks, by id. */
export async function liveTaskRows(db: Db, taskIds: readonly number[]): Promise<Map<number, TaskRow>> {
  const rows = new Map<number, TaskRow>();
  for (let start = 0; start < taskIds.length; start += TASK_CHUNK) {
    const chunk = await db.selectFrom('tasks').selectAll().where('id', 'in', taskIds.slice(start, start + TASK_CHUNK)).where('deleted_at', 'is', null).execute();
    for (const row of chunk) rows.set(row.id, row);
  }
  return rows;
}

/** Records that these rounds were told; answers the task ids whose round this call claimed (another run told the rest first). */
export async function claimRounds(db: Db, rounds: readonly { taskId: number; throughDeploymentId: number }[], now: number): Promise<Set<number>> {
  const claimed = new Set<number>();
  for (let start = 0; start < rounds.length; start += TASK_CHUNK) {
    const inserted = await db
      .insertInto('deployment_notices')
      .values(rounds.slice(start, start + TASK_CHUNK).map((round) => ({ task_id: round.taskId, through_deployment_id: round.throughDeploymentId, created_at: now })))
      .onConflict((conflict) => conflict.doNothing())
      .returning('task_id')
      .execute();
    for (const row of inserted) claimed.add(row.task_id);
  }
  return claimed;
}

/** Notices only keep a round from being told twice while it can still be found: old ones can go. */
export async function pruneNotices(db: Db, before: number): Promise<void> {
  await db.deleteFrom('deployment_notices').where('created_at', '<', before).execute();
}

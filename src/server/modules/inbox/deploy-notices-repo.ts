import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

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

export function liveTaskRow(db: Db, taskId: number) {
  return db.selectFrom('tasks').selectAll().where('id', '=', taskId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Records that the round was told; false when another run told it first. */
export async function claimRound(db: Db, taskId: number, throughDeploymentId: number, now: number): Promise<boolean> {
  const result = await db
    .insertInto('deployment_notices')
    .values({ task_id: taskId, through_deployment_id: throughDeploymentId, created_at: now })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Notices only keep a round from being told twice while it can still be found: old ones can go. */
export async function pruneNotices(db: Db, before: number): Promise<void> {
  await db.deleteFrom('deployment_notices').where('created_at', '<', before).execute();
}

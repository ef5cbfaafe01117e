import type { Db } from '../../db/connection.js';
import type { TaskRow } from '../tasks/task-model.js';

/** Moves the node's assignment version on by one and answers the new version. */
export async function bumpNodeVersion(db: Db, nodeId: number): Promise<number> {
  const row = await db
    .insertInto('node_assignment_versions')
    .values({ node_id: nodeId, version: 1 })
    .onConflict((conflict) =>
      conflict.column('node_id').doUpdateSet((eb) => ({ version: eb('node_assignment_versions.version', '+', 1) })),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

export async function nodeVersion(db: Db, nodeId: number): Promise<number> {
  const row = await db.selectFrom('node_assignment_versions').select('version').where('node_id', '=', nodeId).executeTakeFirst();
  return row?.version ?? 0;
}

export function activeAssignmentNodes(db: Db, taskId: number): Promise<{ node_id: number }[]> {
  return db.selectFrom('node_assignments').select('node_id').where('task_id', '=', taskId).where('active', '=', 1).execute();
}

export interface AssignmentWrite {
  nodeId: number;
  taskId: number;
  taskVersion: number;
  assignVersion: number;
  active: boolean;
  removedAt: number | null;
}

export async function writeAssignment(db: Db, write: AssignmentWrite): Promise<void> {
  const values = {
    node_id: write.nodeId,
    task_id: write.taskId,
    task_version: write.taskVersion,
    assign_version: write.assignVersion,
    active: write.active ? 1 : 0,
    removed_at: write.removedAt,
  };
  await db
    .insertInto('node_assignments')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['node_id', 'task_id']).doUpdateSet({
        task_version: values.task_version,
        assign_version: values.assign_version,
        active: values.active,
        removed_at: values.removed_at,
      }),
    )
    .execute();
}

export type AssignmentChange = TaskRow & {
  active: number;
  assign_version: number;
  task_version: number;
  /** JSON addresses of the task's matched-IP group (only a group of the task's own customer); null without one. */
  group_ips: string | null;
};

/** The node's assignment rows changed after `sinceVersion` up to `untilVersion`, with their tasks. */
export function assignmentChangesSince(
  db: Db,
  nodeId: number,
  sinceVersion: number,
  untilVersion: number,
): Promise<AssignmentChange[]> {
  return db
    .selectFrom('node_assignments as a')
    .innerJoin('tasks as t', 't.id', 'a.task_id')
    .leftJoin('ip_groups as g', (join) => join.onRef('g.id', '=', 't.matched_ip_group_id').onRef('g.cust_id', '=', 't.cust_id'))
    .selectAll('t')
    .select(['a.active', 'a.assign_version', 'a.task_version', 'g.ips as group_ips'])
    .where('a.node_id', '=', nodeId)
    .where('a.assign_version', '>', sinceVersion)
    .where('a.assign_version', '<=', untilVersion)
    .orderBy('a.assign_version')
    .execute();
}

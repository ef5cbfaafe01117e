import type { Db } from '../../db/connection.js';
import { isActive, type Task } from '../tasks/task-model.js';
import { activeAssignmentNodes, bumpNodeVersion, writeAssignment } from './assignments-repo.js';
import { insertProcessing } from './deployments-repo.js';

/**
 * Inside the caller's transaction: tells every node the task concerns about its new version
 * (selected nodes get it, nodes no longer selected, or all nodes of a disabled or deleted task,
 * get it as removed) and records one processing deployment per node that must run it.
 */
export async function publishTask(db: Db, task: Task, now: number, deadlineMs: number): Promise<void> {
  const selected = isActive(task) ? [...new Set(task.nodeIds)] : [];
  const selectedSet = new Set(selected);
  // A task's first version was never sent anywhere: nothing to look up.
  const previouslyActive = task.version === 1 ? [] : (await activeAssignmentNodes(db, task.id)).map((row) => row.node_id);
  for (const nodeId of selected) await sendToNode(db, task, nodeId);
  for (const nodeId of previouslyActive) {
    if (selectedSet.has(nodeId)) continue;
    const assignVersion = await bumpNodeVersion(db, nodeId);
    await writeAssignment(db, { nodeId, taskId: task.id, taskVersion: task.version, assignVersion, active: false, removedAt: now });
  }
  const rows = selected.map((nodeId) => ({ taskId: task.id, nodeId, taskVersion: task.version }));
  await insertProcessing(db, rows, now, deadlineMs);
}

/** Makes the node see the task's current version again (a new assignment version). */
export async function sendToNode(db: Db, task: Pick<Task, 'id' | 'version'>, nodeId: number): Promise<void> {
  const assignVersion = await bumpNodeVersion(db, nodeId);
  await writeAssignment(db, { nodeId, taskId: task.id, taskVersion: task.version, assignVersion, active: true, removedAt: null });
}

import type { CheckOptions } from '../../../shared/probe/options.js';
import type { StoreContext } from '../tasks/store-context.js';
import { checkOptionsOf } from '../tasks/check-options.js';
import { taskOfRow } from '../tasks/task-model.js';
import { assignmentChangesSince, nodeVersion } from './assignments-repo.js';
import { completeAcknowledged, expireOverdue } from './deployments-repo.js';

export interface Assignment {
  taskId: number;
  taskVersion: number;
  frequencyMinutes: number;
  options: CheckOptions;
  matchingIps: string[];
}

export interface AssignmentsAnswer {
  /** The node's assignment version; pass it back as `sinceVersion` next time. */
  version: number;
  assignments: Assignment[];
  /** Tasks the node must stop running (deleted, disabled, or no longer selecting it). */
  removed: number[];
  /** True when the answer is the node's whole set (replace, not merge). */
  full: boolean;
}

/**
 * What changed for the node since `sinceVersion` (0: everything it runs). A node only ever sees
 * tasks that select it. Matching IPs are the task's own; matched-IP group addresses join them when
 * groups exist.
 */
export async function assignmentsForNode(ctx: StoreContext, nodeId: number, sinceVersion: number): Promise<AssignmentsAnswer> {
  const version = await nodeVersion(ctx.db, nodeId);
  // A version the server never gave (its database was replaced) asks for everything again.
  const since = sinceVersion > version ? 0 : sinceVersion;
  const changes = await assignmentChangesSince(ctx.db, nodeId, since, version);
  const assignments: Assignment[] = [];
  const removed: number[] = [];
  for (const change of changes) {
    if (change.active !== 1) {
      if (since > 0) removed.push(change.id);
      continue;
    }
    const task = taskOfRow(change);
    assignments.push({
      taskId: task.id,
      taskVersion: change.task_version,
      frequencyMinutes: task.frequencyMinutes,
      options: checkOptionsOf(task),
      matchingIps: task.matchingIps,
    });
  }
  return { version, full: since === 0, assignments, removed };
}

/** The node's agent has the given task versions: their deployments are completed. */
export async function acknowledge(
  ctx: StoreContext,
  nodeId: number,
  acks: readonly { taskId: number; taskVersion: number }[],
): Promise<{ completed: number }> {
  const now = ctx.now();
  const completed = await ctx.db.transaction().execute(async (trx) => {
    // A late acknowledgement does not undo an error node: the deadline is decided first.
    await expireOverdue(trx, now);
    return completeAcknowledged(trx, nodeId, acks, now);
  });
  return { completed };
}

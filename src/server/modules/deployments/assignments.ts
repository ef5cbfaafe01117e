import { z } from 'zod';
import type { CheckOptions } from '../../../shared/probe/options.js';
import { parseJsonColumn } from '../../db/columns.js';
import type { StoreContext } from '../tasks/store-context.js';
import { runnableCheckOptionsOf } from '../tasks/check-options.js';
import { taskOfRow } from '../tasks/task-model.js';
import { assignmentChangesSince, nodeVersion, type AssignmentChange } from './assignments-repo.js';
import { announceDeploymentOutcomesSafely } from '../inbox/deploy-notices.js';
import type { InboxEventContext } from '../inbox/publish.js';
import { completeAcknowledged, expireOverdue, failDeployment, INVALID_OPTIONS } from './deployments-repo.js';

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

const IpList = z.array(z.string());

/** Matched-IP group addresses by their JSON text: read once per answer however many tasks share a group. */
type GroupIpsCache = Map<string, string[]>;

/** The task's own addresses and those of its matched-IP group, each once. */
function matchingIpsOf(own: readonly string[], groupIps: string | null, cache: GroupIpsCache): string[] {
  if (groupIps === null) return [...own];
  let fromGroup = cache.get(groupIps);
  if (!fromGroup) {
    fromGroup = parseJsonColumn(IpList, groupIps) ?? [];
    cache.set(groupIps, fromGroup);
  }
  return [...new Set([...own, ...fromGroup])];
}

/**
 * The assignment of one changed task, or undefined when its stored fields make no runnable check:
 * that task is left out (logged, and its deployment to the node is an error node) so one bad task
 * never keeps a node from the rest.
 */
async function assignmentOf(
  ctx: StoreContext,
  nodeId: number,
  change: AssignmentChange,
  groupIps: GroupIpsCache,
): Promise<Assignment | undefined> {
  const task = taskOfRow(change);
  const options = runnableCheckOptionsOf(task);
  if (!options) {
    ctx.log?.warn({ taskId: task.id, taskVersion: change.task_version, nodeId }, 'task skipped: its fields make no runnable check');
    await failDeployment(ctx.db, { taskId: task.id, nodeId, taskVersion: change.task_version }, INVALID_OPTIONS, ctx.now());
    return undefined;
  }
  return {
    taskId: task.id,
    taskVersion: change.task_version,
    frequencyMinutes: task.frequencyMinutes,
    options,
    matchingIps: matchingIpsOf(task.matchingIps, change.group_ips, groupIps),
  };
}

/**
 * What changed for the node since `sinceVersion` (0: everything it runs). A node only ever sees
 * tasks that select it.
 */
export async function assignmentsForNode(ctx: StoreContext, nodeId: number, sinceVersion: number): Promise<AssignmentsAnswer> {
  const version = await nodeVersion(ctx.db, nodeId);
  // A version the server never gave (its database was replaced) asks for everything again.
  const since = sinceVersion > version ? 0 : sinceVersion;
  const changes = await assignmentChangesSince(ctx.db, nodeId, since, version);
  const assignments: Assignment[] = [];
  const removed: number[] = [];
  const groupIps: GroupIpsCache = new Map();
  for (const change of changes) {
    if (change.active !== 1) {
      if (since > 0) removed.push(change.id);
      continue;
    }
    const assignment = await assignmentOf(ctx, nodeId, change, groupIps);
    if (assignment) assignments.push(assignment);
  }
  return { version, full: since === 0, assignments, removed };
}

/**
 * The node's agent has the given task versions: their deployments are completed, and rounds that
 * thereby ended go to the inbox (and to the devices of its recipients).
 */
export async function acknowledge(
  ctx: StoreContext & Pick<InboxEventContext, 'push'>,
  nodeId: number,
  acks: readonly { taskId: number; taskVersion: number }[],
): Promise<{ completed: number }> {
  const now = ctx.now();
  const completed = await ctx.db.transaction().execute(async (trx) => {
    // A late acknowledgement does not undo an error node: the deadline is decided first.
    await expireOverdue(trx, now);
    return completeAcknowledged(trx, nodeId, acks, now);
  });
  if (completed > 0) await announceDeploymentOutcomesSafely(ctx, now);
  return { completed };
}

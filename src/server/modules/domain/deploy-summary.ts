import type { DeployStatus } from '../../../shared/codes.js';
import type { Db } from '../../db/connection.js';
import { newestDeploymentsOf, type DeploymentRow } from '../deployments/deployments-repo.js';
import { deployStatusOf } from '../deployments/service.js';
import { isActive, type Task } from '../tasks/task-model.js';

export interface DeploySummary {
  deployStatus: DeployStatus;
  errorNodeCount: number;
}

type SummaryTask = Pick<Task, 'id' | 'version' | 'nodeIds' | 'status' | 'deletedAt'>;

/**
 * Deploy status and error-node count of many tasks in one read, as /domain/deploy_result would
 * answer them: the current version's deployment on each selected node of an enabled task, where a
 * processing deployment past its deadline counts as the error node it is about to become.
 */
export async function deploySummaries(db: Db, tasks: readonly SummaryTask[], now: number): Promise<Map<number, DeploySummary>> {
  const active = tasks.filter(isActive);
  const byTask = new Map<number, DeploymentRow[]>();
  for (const row of await newestDeploymentsOf(db, active.map((task) => task.id))) {
    const rows = byTask.get(row.task_id);
    if (rows) rows.push(row);
    else byTask.set(row.task_id, [row]);
  }
  const summaries = new Map<number, DeploySummary>();
  for (const task of tasks) {
    const selected = new Set(task.nodeIds);
    const current = isActive(task) ? (byTask.get(task.id) ?? []).filter((row) => row.task_version === task.version && selected.has(row.node_id)) : [];
    const states = current.map((row) => ({ state: row.state === 'processing' && row.deadline_at <= now ? ('error' as const) : row.state }));
    summaries.set(task.id, { deployStatus: deployStatusOf(states), errorNodeCount: states.filter((row) => row.state === 'error').length });
  }
  return summaries;
}

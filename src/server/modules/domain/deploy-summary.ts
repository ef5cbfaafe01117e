import type { DeployStatus } from '../../../shared/codes.js';
import type { Db } from '../../db/connection.js';
import { deployStatusOf } from '../deployments/service.js';
import { isActive, type Task } from '../tasks/task-model.js';

export interface DeploySummary {
  deployStatus: DeployStatus;
  errorNodeCount: number;
}

type SummaryTask = Pick<Task, 'id' | 'version' | 'nodeIds' | 'status' | 'deletedAt'>;

const CHUNK = 500;

/** The newest deployment row of each (task, node) of these tasks. */
async function newestDeployments(db: Db, taskIds: readonly number[]) {
  const rows = [];
  for (let start = 0; start < taskIds.length; start += CHUNK) {
    const chunk = taskIds.slice(start, start + CHUNK);
    rows.push(
      ...(await db
        .selectFrom('deployments as d')
        .select(['d.task_id', 'd.node_id', 'd.task_version', 'd.state', 'd.deadline_at'])
        .where('d.task_id', 'in', chunk)
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
        .execute()),
    );
  }
  return rows;
}

/**
 * Deploy status and error-node count of many tasks in one read, as /domain/deploy_result would
 * answer them: the current version's deployment on each selected node of an enabled task, where a
 * processing deployment past its deadline counts as the error node it is about to become.
 */
export async function deploySummaries(db: Db, tasks: readonly SummaryTask[], now: number): Promise<Map<number, DeploySummary>> {
  const active = tasks.filter(isActive);
  const rows = await newestDeployments(db, active.map((task) => task.id));
  const byTask = new Map<number, typeof rows>();
  for (const row of rows) byTask.set(row.task_id, [...(byTask.get(row.task_id) ?? []), row]);
  const summaries = new Map<number, DeploySummary>();
  for (const task of tasks) {
    const selected = new Set(task.nodeIds);
    const current = isActive(task) ? (byTask.get(task.id) ?? []).filter((row) => row.task_version === task.version && selected.has(row.node_id)) : [];
    const states = current.map((row) => ({ state: row.state === 'processing' && row.deadline_at <= now ? ('error' as const) : row.state }));
    summaries.set(task.id, { deployStatus: deployStatusOf(states), errorNodeCount: states.filter((row) => row.state === 'error').length });
  }
  return summaries;
}

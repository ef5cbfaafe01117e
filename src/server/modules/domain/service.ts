import type { DomainDeleteAnswer } from '../../../shared/calls/domain.js';
import type { TaskCreateBody, TaskUpdateFields } from '../../../shared/calls/domain-fields.js';
import type { DomainInfo } from '../../../shared/calls/domain-list.js';
import type { MonitorType } from '../../../shared/codes.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import { ensureLabels } from '../groups/task-refs.js';
import { assertNoImportProcessing } from '../imports/lock.js';
import { createTask, createTaskIn, deleteTasks, getTask, updateTask, validTaskFields, type TaskChange, type TaskWriteOptions } from '../tasks/service.js';
import type { StoreContext } from '../tasks/store-context.js';
import type { TaskInput } from '../tasks/task-input.js';
import type { Task } from '../tasks/task-model.js';
import { deploySummaries } from './deploy-summary.js';
import { settleTaskPoints } from './points.js';
import { assertNoDuplicate, assertOwnIpGroup, assertPrivateTargetAllowed } from './target-rules.js';
import { domainInfoOf } from './task-view.js';

/**
 * The console's task verbs for monitor types 1-5: the tasks service writes and deploys; inside
 * its transaction these add the rules across tasks (2125 duplicates, own matched-IP group), the
 * task's new group and tag names, the nodes allowed to probe a private target (2140), and the
 * contract points (2111), so a refused change leaves nothing behind. While the customer's import
 * is processing, every change is 2105, except the import job's own creates.
 */

interface RuleOptions {
  /** The import job writing its own rows: its processing import does not lock it out. */
  importing?: boolean;
}

async function consoleRules(trx: Db, change: TaskChange, now: number, options: RuleOptions = {}): Promise<number> {
  if (!options.importing) await assertNoImportProcessing(trx, change.after.custId);
  if (change.kind !== 'delete') {
    await assertNoDuplicate(trx, change.after);
    await assertOwnIpGroup(trx, change.after);
    await assertPrivateTargetAllowed(trx, change.after);
    // A group or tag typed on the task joins the customer's lists, so the list filters offer it.
    await ensureLabels(trx, change.after.custId, change.after, now);
  }
  return settleTaskPoints(trx, change, now);
}

function consoleWrite(ctx: StoreContext, onMoved: (points: number) => void = () => undefined): TaskWriteOptions {
  return { onChange: async (trx, change) => onMoved(await consoleRules(trx, change, ctx.now())) };
}

async function infoOf(ctx: StoreContext, task: Task): Promise<DomainInfo> {
  const deploy = (await deploySummaries(ctx.db, [task], ctx.now())).get(task.id);
  return domainInfoOf(task, deploy ?? { deployStatus: 'completed', errorNodeCount: 0 });
}

/** The customer's task of this type; another type's id is as unknown as any other (2127). */
async function taskOfType(ctx: StoreContext, custId: number, taskId: number, type: MonitorType): Promise<Task> {
  const task = await getTask(ctx, custId, taskId);
  if (task.type !== type) throw new AppError(2127);
  return task;
}

export async function createDomainTask(ctx: StoreContext, custId: number, type: MonitorType, body: TaskCreateBody): Promise<DomainInfo> {
  const input: TaskInput = { ...body, type };
  return infoOf(ctx, await createTask(ctx, custId, input, consoleWrite(ctx)));
}

/**
 * The import job's create, inside the job's transaction: the console's rules, deployment and
 * points, without the import lock; `alsoInTransaction` runs once the rules passed (the job marks
 * its row there, so a row's task exists exactly when the row says it was created).
 */
export function createImportedTask(
  trx: Db,
  ctx: StoreContext,
  custId: number,
  input: TaskInput,
  alsoInTransaction: (trx: Db, task: Task) => Promise<void>,
): Promise<Task> {
  return createTaskIn(trx, ctx, custId, validTaskFields(input), {
    onChange: async (inner, change) => {
      await consoleRules(inner, change, ctx.now(), { importing: true });
      await alsoInTransaction(inner, change.after);
    },
  });
}

export async function updateDomainTask(
  ctx: StoreContext,
  custId: number,
  type: MonitorType,
  body: TaskUpdateFields & { id: number },
): Promise<DomainInfo> {
  const { id, ...changes } = body;
  // The type of a task never changes, so checking it before the update's transaction is enough.
  await taskOfType(ctx, custId, id, type);
  return infoOf(ctx, await updateTask(ctx, custId, id, changes, consoleWrite(ctx)));
}

/** Deletes the tasks all or none (2127, 2131) and gives their points back. */
export async function deleteDomainTasks(ctx: StoreContext, custId: number, ids: readonly number[]): Promise<DomainDeleteAnswer> {
  let moved = 0;
  const deleted = await deleteTasks(ctx, custId, ids, consoleWrite(ctx, (points) => (moved += points)));
  return { deleted, returnedPoints: -moved };
}

export async function domainInfo(ctx: StoreContext, custId: number, taskId: number): Promise<DomainInfo> {
  return infoOf(ctx, await getTask(ctx, custId, taskId));
}

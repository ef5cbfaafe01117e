import type { FieldError } from '../../../shared/envelope.js';
import { MONITOR_TYPES } from '../../../shared/codes.js';
import { validate } from '../../../shared/validation/validate.js';
import { LIMITS } from '../../../shared/constants.js';
import { AppError, badParameter, fieldError } from '../../http/app-error.js';
import type { Db } from '../../db/connection.js';
import { forgetDeletedTasks } from '../alerts/quiet-end.js';
import { publishTask } from '../deployments/publish.js';
import { assertNotDeploying } from '../deployments/service.js';
import { requestPathFits } from './check-options.js';
import { customerTask } from './customer-task.js';
import { findTask, insertTask, unknownNodeIds, updateTaskRow } from './repo.js';
import { deployDeadlineOf, type StoreContext } from './store-context.js';
import { TaskChanges, TaskInput, taskDefaults, type TaskFields } from './task-input.js';
import { columnsOfFields, type Task } from './task-model.js';

/** Rules that need more than one field; throws what the console shows (an import runs them per row too). */
export function assertRunnable(fields: TaskFields): void {
  if (fields.type === MONITOR_TYPES.TCP && fields.port === null) throw new AppError(2130);
  const errors: FieldError[] = [];
  if (fields.type === MONITOR_TYPES.DNS && fields.dnsServers.length === 0) errors.push(fieldError('dnsServers', 10010002));
  if (!requestPathFits(fields.otherPath)) errors.push(fieldError('otherPath', 10010005, { max: LIMITS.pathMax }));
  if (errors.length > 0) throw badParameter(errors);
}

function parsed<T>(result: { ok: true; data: T } | { ok: false; errors: FieldError[] }): T {
  if (!result.ok) throw badParameter(result.errors);
  return result.data;
}

/** Every selected node must exist: 1001 with one `nodeIds` error (10010003) per unknown id. */
async function assertNodesExist(db: Db, nodeIds: readonly number[]): Promise<void> {
  const unknown = await unknownNodeIds(db, nodeIds);
  if (unknown.length > 0) throw badParameter(unknown.map((nodeId) => fieldError('nodeIds', 10010003, { nodeId })));
}

export async function getTask(ctx: StoreContext, custId: number, taskId: number): Promise<Task> {
  return customerTask(ctx.db, custId, taskId);
}

export type TaskChangeKind = 'create' | 'update' | 'delete';

/** One task change as it is being written: the task before (none for a create) and after. */
export interface TaskChange {
  kind: TaskChangeKind;
  before: Task | null;
  after: Task;
}

export interface TaskWriteOptions {
  /**
   * Runs inside the change's database transaction once the task is written (contract points,
   * rules across tasks); whatever it throws undoes the whole change.
   */
  onChange?: (trx: Db, change: TaskChange) => Promise<void>;
}

/** Runs the caller's part of the change; answers the task as it now stands (the hook may write to it). */
async function settled(trx: Db, options: TaskWriteOptions, change: TaskChange): Promise<Task> {
  if (!options.onChange) return change.after;
  await options.onChange(trx, change);
  return (await findTask(trx, change.after.custId, change.after.id)) ?? change.after;
}

/** Writes the task (version 1) and a processing deployment per selected node, in one transaction. */
export async function createTask(ctx: StoreContext, custId: number, input: TaskInput, options: TaskWriteOptions = {}): Promise<Task> {
  const fields = validTaskFields(input);
  return ctx.db.transaction().execute((trx) => createTaskIn(trx, ctx, custId, fields, options));
}

/** The task's fields as a create writes them (defaults filled in); 1001 with field errors when invalid. */
export function validTaskFields(input: TaskInput): TaskFields {
  const data = parsed(validate(TaskInput, input));
  const fields = { ...taskDefaults(), ...stripUndefined(data) } as TaskFields;
  assertRunnable(fields);
  return fields;
}

/** `createTask` inside the caller's transaction (the import job writes several rows in one, each under its own savepoint). */
export async function createTaskIn(trx: Db, ctx: StoreContext, custId: number, fields: TaskFields, options: TaskWriteOptions = {}): Promise<Task> {
  const now = ctx.now();
  await assertNodesExist(trx, fields.nodeIds);
  const task = await insertTask(trx, { ...columnsOfFields(fields), cust_id: custId, version: 1, created_at: now, updated_at: now });
  await publishTask(trx, task, now, deployDeadlineOf(ctx));
  return settled(trx, options, { kind: 'create', before: null, after: task });
}

/** Replaces the named fields, bumps the version and redeploys; 2131 while a deployment is processing. */
export async function updateTask(
  ctx: StoreContext,
  custId: number,
  taskId: number,
  changes: TaskChanges,
  options: TaskWriteOptions = {},
): Promise<Task> {
  const data = stripUndefined(parsed(validate(TaskChanges, changes)));
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const current = await customerTask(trx, custId, taskId);
    await assertNotDeploying(trx, taskId, now);
    const fields: TaskFields = { ...current, ...data };
    assertRunnable(fields);
    if (data.nodeIds !== undefined) await assertNodesExist(trx, data.nodeIds);
    const updated = await updateTaskRow(trx, current, { ...columnsOfFields(fields), updated_at: now });
    if (!updated) throw new AppError(2127);
    await publishTask(trx, updated, now, deployDeadlineOf(ctx));
    return settled(trx, options, { kind: 'update', before: current, after: updated });
  });
}

/** Marks the task deleted (its results stay until retention) and tells its nodes to stop. */
export async function deleteTask(ctx: StoreContext, custId: number, taskId: number, options: TaskWriteOptions = {}): Promise<void> {
  await deleteTasks(ctx, custId, [taskId], options);
}

/**
 * Deletes several tasks in one transaction, all or none: 2127 when any is not the customer's live
 * task (checked for every id before anything else, so the answer says nothing about the others),
 * then 2131 when any is being deployed. Answers how many were deleted.
 */
export async function deleteTasks(
  ctx: StoreContext,
  custId: number,
  taskIds: readonly number[],
  options: TaskWriteOptions = {},
): Promise<number> {
  const ids = [...new Set(taskIds)];
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const tasks: Task[] = [];
    for (const id of ids) tasks.push(await customerTask(trx, custId, id));
    for (const task of tasks) await assertNotDeploying(trx, task.id, now);
    for (const current of tasks) {
      const deleted = await updateTaskRow(trx, current, { deleted_at: now, updated_at: now });
      if (!deleted) throw new AppError(2127);
      await publishTask(trx, deleted, now, deployDeadlineOf(ctx));
      await forgetDeletedTasks(trx, custId, [deleted.id], now);
      await options.onChange?.(trx, { kind: 'delete', before: current, after: deleted });
    }
    return tasks.length;
  });
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

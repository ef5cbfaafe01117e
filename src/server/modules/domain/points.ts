import type { PointsQuoteAnswer } from '../../../shared/calls/domain.js';
import { taskPointsCost, type PointsCostInput } from '../../../shared/points.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import { findCurrentContract } from '../account/repo.js';
import { customerTask } from '../tasks/customer-task.js';
import { setChargedPoints } from '../tasks/repo.js';
import type { TaskChange } from '../tasks/service.js';
import type { StoreContext } from '../tasks/store-context.js';
import { chargeContract, creditContract, insertPointTransaction, type ContractPoints } from './points-repo.js';

/**
 * Contract points of task changes (formula: src/shared/points.ts). Points move against the
 * contract the account screen shows (the one in force today, else the most recent). A task holds
 * what its last change charged, so an update moves exactly the difference and a delete gives back
 * exactly what the task holds.
 */

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function currentContract(db: Db, custId: number, now: number) {
  return findCurrentContract(db, custId, isoDate(now));
}

/** The points the task should hold after the change: its cost, or nothing once deleted. */
function heldAfter(change: TaskChange): number {
  return change.kind === 'delete' ? 0 : taskPointsCost(change.after);
}

/**
 * Inside the task change's transaction: moves the contract's used points by the difference the
 * change makes and writes the point transaction; 2111 when the remaining points do not cover a
 * charge. A change that moves no points writes nothing. Answers the points moved (signed).
 */
export async function settleTaskPoints(trx: Db, change: TaskChange, now: number): Promise<number> {
  const held = heldAfter(change);
  const delta = held - (change.before?.chargedPoints ?? 0);
  if (delta === 0) return 0;
  const task = change.after;
  const contract = await currentContract(trx, task.custId, now);
  if (!contract) {
    if (delta > 0) throw new AppError(2111);
    await setChargedPoints(trx, task.id, held);
    return 0;
  }
  const after: ContractPoints | undefined = delta > 0 ? await chargeContract(trx, contract.id, delta) : await creditContract(trx, contract.id, -delta);
  if (!after) throw new AppError(2111);
  await setChargedPoints(trx, task.id, held);
  // A give-back never takes used points below 0, so it may move less than the task held.
  const moved = delta > 0 ? delta : after.usedPoints - contract.used_points;
  await insertPointTransaction(trx, {
    cust_id: task.custId,
    contract_id: contract.id,
    task_id: task.id,
    kind: change.kind,
    points: moved,
    balance_after: after.purchasedPoints - after.usedPoints,
    created_at: now,
    note: task.name,
  });
  return moved;
}

/** What a task with these settings costs, and what saving it would move (`taskId`: the task being edited). */
export async function quotePoints(ctx: StoreContext, custId: number, settings: PointsCostInput & { taskId?: number | undefined }): Promise<PointsQuoteAnswer> {
  const cost = taskPointsCost(settings);
  const held = settings.taskId === undefined ? 0 : (await customerTask(ctx.db, custId, settings.taskId)).chargedPoints;
  const delta = cost - held;
  const contract = await currentContract(ctx.db, custId, ctx.now());
  const purchasedPoints = contract?.purchased_points ?? 0;
  const usedPoints = contract?.used_points ?? 0;
  const remainingPoints = purchasedPoints - usedPoints;
  return { cost, delta, purchasedPoints, usedPoints, remainingPoints, sufficient: delta <= 0 || (contract !== undefined && delta <= remainingPoints) };
}

/** The points left on the contract the account screen shows (none without a contract). */
export async function remainingPoints(db: Db, custId: number, now: number): Promise<number> {
  const contract = await currentContract(db, custId, now);
  return contract ? contract.purchased_points - contract.used_points : 0;
}

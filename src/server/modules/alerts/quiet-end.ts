import type { Db } from '../../db/connection.js';

/**
 * Which (rule, task) pairs of one customer stop being watched: every task of the given rules, the
 * given tasks in every rule, or the given tasks in the given rules.
 */
export type QuietEndScope =
  | { custId: number; ruleIds: readonly number[]; taskIds?: readonly number[] }
  | { custId: number; ruleIds?: readonly number[]; taskIds: readonly number[] };

/**
 * Ends the open incidents of the scope quietly (no recovery message: nobody watches them any more)
 * and forgets their evaluation state, so watching again starts from nothing. The one rule for a
 * rule turned off, changed to another mode or deleted, a task taken out of a rule, a task
 * deleted; run it inside the change's transaction. Answers how many incidents ended.
 */
export async function endIncidentsQuietly(db: Db, scope: QuietEndScope, now: number): Promise<number> {
  const { custId, ruleIds, taskIds } = scope;
  if (ruleIds?.length === 0 || taskIds?.length === 0) return 0;
  let incidents = db.updateTable('alert_incidents').set({ ended_at: now }).where('cust_id', '=', custId).where('ended_at', 'is', null);
  let states = db.deleteFrom('alert_states').where('cust_id', '=', custId);
  if (ruleIds) {
    incidents = incidents.where('rule_id', 'in', [...ruleIds]);
    states = states.where('rule_id', 'in', [...ruleIds]);
  }
  if (taskIds) {
    incidents = incidents.where('task_id', 'in', [...taskIds]);
    states = states.where('task_id', 'in', [...taskIds]);
  }
  const ended = await incidents.executeTakeFirst();
  await states.execute();
  return Number(ended.numUpdatedRows);
}

/**
 * A deleted task leaves every rule's query list in the task's own transaction (the rule lists and
 * counts never show it), its incidents ended quietly.
 */
export async function forgetDeletedTasks(db: Db, custId: number, taskIds: readonly number[], now: number): Promise<void> {
  if (taskIds.length === 0) return;
  await endIncidentsQuietly(db, { custId, taskIds }, now);
  await db.deleteFrom('alert_rule_tasks').where('cust_id', '=', custId).where('task_id', 'in', [...taskIds]).execute();
}

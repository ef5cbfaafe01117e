import type { Db } from '../../db/connection.js';
import { containsText } from '../groups/names.js';
import type { AlertRuleRow } from './rules-repo.js';

/** A task as a rule's query list needs it. */
export interface RuleTaskRow {
  id: number;
  name: string;
  domain: string;
  type: number;
  matching_ips: string;
  matched_ip_group_id: number | null;
  /** The task is in the rule's query list (1) or not (0). */
  in_rule: number;
}

export interface RuleTaskQuery {
  /** Every task of the rule's type, in the list or not; otherwise the list only. */
  search: boolean;
  keyword: string;
  limit: number;
  offset: number;
}

/** The customer's live tasks of the rule's type, each marked in the rule's list or not. */
function tasksForRule(db: Db, rule: AlertRuleRow, query: Pick<RuleTaskQuery, 'search' | 'keyword'>) {
  let tasks = db
    .selectFrom('tasks as t')
    .leftJoin('alert_rule_tasks as art', (join) => join.onRef('art.task_id', '=', 't.id').on('art.rule_id', '=', rule.id))
    .where('t.cust_id', '=', rule.cust_id)
    .where('t.deleted_at', 'is', null)
    .where('t.type', '=', rule.monitor_type);
  if (!query.search) tasks = tasks.where('art.rule_id', 'is not', null);
  if (query.keyword !== '') tasks = tasks.where((eb) => eb.or([containsText('t.name', query.keyword), containsText('t.domain', query.keyword)]));
  return tasks;
}

export async function countRuleTasks(db: Db, rule: AlertRuleRow, query: Pick<RuleTaskQuery, 'search' | 'keyword'>): Promise<number> {
  const row = await tasksForRule(db, rule, query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** By name, then id. */
export function pageOfRuleTasks(db: Db, rule: AlertRuleRow, query: RuleTaskQuery): Promise<RuleTaskRow[]> {
  return tasksForRule(db, rule, query)
    .select(['t.id', 't.name', 't.domain', 't.type', 't.matching_ips', 't.matched_ip_group_id'])
    .select((eb) => eb.case().when('art.rule_id', 'is not', null).then(1).else(0).end().as('in_rule'))
    .orderBy('t.name')
    .orderBy('t.id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
}

/** The customer's live tasks among these ids, marked in the rule's list or not. */
export function customerTasksForRule(db: Db, rule: AlertRuleRow, taskIds: readonly number[]): Promise<(RuleTaskRow & { deleted_at: number | null })[]> {
  return db
    .selectFrom('tasks as t')
    .leftJoin('alert_rule_tasks as art', (join) => join.onRef('art.task_id', '=', 't.id').on('art.rule_id', '=', rule.id))
    .select(['t.id', 't.name', 't.domain', 't.type', 't.matching_ips', 't.matched_ip_group_id', 't.deleted_at'])
    .select((eb) => eb.case().when('art.rule_id', 'is not', null).then(1).else(0).end().as('in_rule'))
    .where('t.cust_id', '=', rule.cust_id)
    .where('t.id', 'in', [...taskIds])
    .execute();
}

export async function insertRuleTasks(db: Db, rule: AlertRuleRow, taskIds: readonly number[], now: number): Promise<void> {
  if (taskIds.length === 0) return;
  await db
    .insertInto('alert_rule_tasks')
    .values(taskIds.map((taskId) => ({ rule_id: rule.id, task_id: taskId, cust_id: rule.cust_id, added_at: now })))
    .execute();
}

export async function deleteRuleTasks(db: Db, rule: AlertRuleRow, taskIds: readonly number[]): Promise<number> {
  const result = await db
    .deleteFrom('alert_rule_tasks')
    .where('rule_id', '=', rule.id)
    .where('cust_id', '=', rule.cust_id)
    .where('task_id', 'in', [...taskIds])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The rule's tasks with an incident going on. */
export async function firingTaskIds(db: Db, rule: AlertRuleRow, taskIds: readonly number[]): Promise<Set<number>> {
  if (taskIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('alert_incidents')
    .select('task_id')
    .distinct()
    .where('cust_id', '=', rule.cust_id)
    .where('rule_id', '=', rule.id)
    .where('task_id', 'in', [...taskIds])
    .where('ended_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.task_id));
}

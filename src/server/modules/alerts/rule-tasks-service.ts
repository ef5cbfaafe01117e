import { z } from 'zod';
import type {
  AlertRuleTaskChangeAnswer,
  AlertRuleTaskRow,
  AlertRuleTasksAnswer,
  AlertRuleTasksBody,
} from '../../../shared/calls/alert-rules.js';
import { ALERT_MODES } from '../../../shared/alerts/rule-fields.js';
import { parseJsonColumn } from '../../db/columns.js';
import { AppError, fieldError } from '../../http/app-error.js';
import { endIncidentsQuietly } from './quiet-end.js';
import { ruleTaskCounts, type AlertRuleRow } from './rules-repo.js';
import { customerRule, type AlertsContext } from './rules-service.js';
import {
  countRuleTasks,
  customerTasksForRule,
  deleteRuleTasks,
  firingTaskIds,
  insertRuleTasks,
  pageOfRuleTasks,
  type RuleTaskRow,
} from './rule-tasks-repo.js';

/**
 * A rule's query list (spec §3 "add domains to a rule's query list"): the customer's live tasks of
 * the rule's monitor type. Adding is all or none; a task the rule cannot take is 2604 (unknown,
 * deleted, another customer's or another type's: all alike) or 2605 (the mode cannot watch it).
 */

const TASK_CANNOT_JOIN = 2604;
const MODE_CANNOT_WATCH = 2605;

const IpList = z.array(z.string());

function hasMatchedIps(task: Pick<RuleTaskRow, 'matching_ips' | 'matched_ip_group_id'>): boolean {
  return task.matched_ip_group_id !== null || (parseJsonColumn(IpList, task.matching_ips) ?? []).length > 0;
}

/** Why the rule cannot watch the task (an IP-not-matched rule needs matching IPs or a matched-IP group), or null. */
export function refusalOf(rule: Pick<AlertRuleRow, 'mode'>, task: Pick<RuleTaskRow, 'matching_ips' | 'matched_ip_group_id'>): typeof MODE_CANNOT_WATCH | null {
  return rule.mode === ALERT_MODES.IP_NOT_MATCHED && !hasMatchedIps(task) ? MODE_CANNOT_WATCH : null;
}

function taskRowAnswer(rule: AlertRuleRow, row: RuleTaskRow, firing: boolean): AlertRuleTaskRow {
  return {
    taskId: row.id,
    name: row.name,
    domain: row.domain,
    monitorType: row.type,
    inRule: row.in_rule === 1,
    refusal: refusalOf(rule, row),
    firing,
  };
}

export async function alertRuleTasks(ctx: AlertsContext, custId: number, body: z.output<typeof AlertRuleTasksBody>): Promise<AlertRuleTasksAnswer> {
  const rule = await customerRule(ctx.db, custId, body.ruleId);
  const query = { search: body.search, keyword: body.keyword ?? '', limit: body.pageSize, offset: (body.page - 1) * body.pageSize };
  const total = await countRuleTasks(ctx.db, rule, query);
  const rows = await pageOfRuleTasks(ctx.db, rule, query);
  const firing = await firingTaskIds(ctx.db, rule, rows.map((row) => row.id));
  return { list: rows.map((row) => taskRowAnswer(rule, row, firing.has(row.id))), total };
}

/** The refusal naming the task at `index` of the body's `taskIds`. */
function cannotJoin(code: typeof TASK_CANNOT_JOIN | typeof MODE_CANNOT_WATCH, index: number, taskId: number): AppError {
  return new AppError(code, { data: { errors: [fieldError(`taskIds.${String(index)}`, 10010003, { taskId })] } });
}

/** The tasks to add, or the refusal of the first task (in the body's order) that cannot join. */
async function tasksToAdd(trx: AlertsContext['db'], rule: AlertRuleRow, taskIds: readonly number[]): Promise<number[]> {
  const found = new Map((await customerTasksForRule(trx, rule, taskIds)).map((task) => [task.id, task]));
  const adding = new Set<number>();
  for (const [index, taskId] of taskIds.entries()) {
    const task = found.get(taskId);
    if (!task || task.deleted_at !== null || task.type !== rule.monitor_type) throw cannotJoin(TASK_CANNOT_JOIN, index, taskId);
    // Already in the list: passed over, even where the mode could not take it now.
    if (task.in_rule === 1) continue;
    if (refusalOf(rule, task) !== null) throw cannotJoin(MODE_CANNOT_WATCH, index, taskId);
    adding.add(taskId);
  }
  return [...adding];
}

async function changeAnswer(trx: AlertsContext['db'], rule: AlertRuleRow, changed: number): Promise<AlertRuleTaskChangeAnswer> {
  const counts = await ruleTaskCounts(trx, rule.cust_id, [rule.id]);
  return { changed, taskCount: counts.get(rule.id) ?? 0 };
}

/** Adds tasks to the rule's query list, all or none; tasks already in it are passed over. */
export async function addAlertRuleTasks(ctx: AlertsContext, custId: number, ruleId: number, taskIds: readonly number[]): Promise<AlertRuleTaskChangeAnswer> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const rule = await customerRule(trx, custId, ruleId);
    const adding = await tasksToAdd(trx, rule, taskIds);
    await insertRuleTasks(trx, rule, adding, now);
    return changeAnswer(trx, rule, adding.length);
  });
}

/** Takes tasks out of the rule's query list (others passed over); their incidents end quietly. */
export async function removeAlertRuleTasks(ctx: AlertsContext, custId: number, ruleId: number, taskIds: readonly number[]): Promise<AlertRuleTaskChangeAnswer> {
  const now = ctx.now();
  const ids = [...new Set(taskIds)];
  return ctx.db.transaction().execute(async (trx) => {
    const rule = await customerRule(trx, custId, ruleId);
    await endIncidentsQuietly(trx, { custId, ruleIds: [rule.id], taskIds: ids }, now);
    const removed = await deleteRuleTasks(trx, rule, ids);
    return changeAnswer(trx, rule, removed);
  });
}

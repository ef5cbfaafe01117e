import { z } from 'zod';
import type { AlertRule } from '../../../shared/calls/alert-rules.js';
import type { AlertCondition } from '../../../shared/alerts/rule-fields.js';
import { isoTime, parseJsonColumn } from '../../db/columns.js';
import type { Db } from '../../db/connection.js';
import { firingRuleIds, ruleTaskCounts, type AlertRuleRow } from './rules-repo.js';

const DayList = z.array(z.number().int());

export function sslDaysOfRow(row: Pick<AlertRuleRow, 'ssl_days'>): number[] {
  return parseJsonColumn(DayList, row.ssl_days) ?? [];
}

function ruleAnswer(row: AlertRuleRow, taskCount: number, firing: boolean): AlertRule {
  return {
    id: row.id,
    name: row.name,
    monitorType: row.monitor_type,
    mode: row.mode,
    condition: row.condition as AlertCondition,
    sensitivity: row.sensitivity,
    threshold: row.threshold,
    sslDays: sslDaysOfRow(row),
    cooldownMinutes: row.cooldown_minutes,
    enable: row.enable,
    taskCount,
    firing,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

/** The rules as calls answer them: with their task counts and whether an incident goes on. */
export async function ruleAnswers(db: Db, custId: number, rows: readonly AlertRuleRow[]): Promise<AlertRule[]> {
  const ids = rows.map((row) => row.id);
  const counts = await ruleTaskCounts(db, custId, ids);
  const firing = await firingRuleIds(db, custId, ids);
  return rows.map((row) => ruleAnswer(row, counts.get(row.id) ?? 0, firing.has(row.id)));
}

export async function ruleAnswerOf(db: Db, row: AlertRuleRow): Promise<AlertRule> {
  const [answer] = await ruleAnswers(db, row.cust_id, [row]);
  if (!answer) throw new Error('a rule answers itself');
  return answer;
}

import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AlertRulesTable } from '../../db/schema-alerts.js';
import { containsText } from '../groups/names.js';

export type AlertRuleRow = Selectable<AlertRulesTable>;
export type AlertRuleColumns = Omit<Insertable<AlertRulesTable>, 'id' | 'cust_id' | 'created_at' | 'updated_at'>;

export interface RulePageQuery {
  monitorType: number;
  keyword: string;
  limit: number;
  offset: number;
}

function rulesOf(db: Db, custId: number) {
  return db.selectFrom('alert_rules').where('cust_id', '=', custId);
}

function rulesOfType(db: Db, custId: number, monitorType: number, keyword: string) {
  const query = rulesOf(db, custId).where('monitor_type', '=', monitorType);
  return keyword === '' ? query : query.where(containsText('name', keyword));
}

export async function countRules(db: Db, custId: number, monitorType: number, keyword: string): Promise<number> {
  const row = await rulesOfType(db, custId, monitorType, keyword)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Newest first. */
export function pageOfRules(db: Db, custId: number, page: RulePageQuery): Promise<AlertRuleRow[]> {
  return rulesOfType(db, custId, page.monitorType, page.keyword).selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

export function findRule(db: Db, custId: number, id: number): Promise<AlertRuleRow | undefined> {
  return rulesOf(db, custId).selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRules(db: Db, custId: number, ids: readonly number[]): Promise<AlertRuleRow[]> {
  return rulesOf(db, custId).selectAll().where('id', 'in', [...ids]).orderBy('id').execute();
}

export function ruleByName(db: Db, custId: number, name: string): Promise<Pick<AlertRuleRow, 'id'> | undefined> {
  return rulesOf(db, custId).select('id').where('name', '=', name).executeTakeFirst();
}

export function insertRule(db: Db, custId: number, columns: AlertRuleColumns, now: number): Promise<AlertRuleRow> {
  return db
    .insertInto('alert_rules')
    .values({ ...columns, cust_id: custId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateRule(db: Db, row: AlertRuleRow, columns: Updateable<AlertRulesTable>): Promise<AlertRuleRow> {
  return db
    .updateTable('alert_rules')
    .set(columns)
    .where('id', '=', row.id)
    .where('cust_id', '=', row.cust_id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Their query lists and evaluation states go with them (foreign keys); the log keeps their names. */
export async function deleteRules(db: Db, custId: number, ids: readonly number[]): Promise<number> {
  const result = await db.deleteFrom('alert_rules').where('cust_id', '=', custId).where('id', 'in', [...ids]).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sets `enable` on the rules that differ; answers how many changed. */
export async function setRulesEnable(db: Db, custId: number, ids: readonly number[], enable: number, now: number): Promise<number> {
  const result = await db
    .updateTable('alert_rules')
    .set({ enable, updated_at: now })
    .where('cust_id', '=', custId)
    .where('id', 'in', [...ids])
    .where('enable', '!=', enable)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Live tasks in each rule's query list. */
export async function ruleTaskCounts(db: Db, custId: number, ruleIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (ruleIds.length === 0) return counts;
  const rows = await db
    .selectFrom('alert_rule_tasks as art')
    .innerJoin('tasks as t', 't.id', 'art.task_id')
    .select(['art.rule_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('art.cust_id', '=', custId)
    .where('t.cust_id', '=', custId)
    .where('t.deleted_at', 'is', null)
    .where('art.rule_id', 'in', [...ruleIds])
    .groupBy('art.rule_id')
    .execute();
  for (const row of rows) counts.set(row.rule_id, Number(row.count));
  return counts;
}

/** The rules with an incident going on. */
export async function firingRuleIds(db: Db, custId: number, ruleIds: readonly number[]): Promise<Set<number>> {
  if (ruleIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('alert_incidents')
    .select('rule_id')
    .distinct()
    .where('cust_id', '=', custId)
    .where('rule_id', 'in', [...ruleIds])
    .where('ended_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.rule_id));
}

import type { z } from 'zod';
import type { AlertRule, AlertRuleListAnswer, AlertRuleListBody, AlertRuleUpdateBody } from '../../../shared/calls/alert-rules.js';
import { ENABLE_STATUS } from '../../../shared/codes.js';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { AppError, badParameter, fieldError } from '../../http/app-error.js';
import { NAME_TAKEN, nameMustBeFree } from '../groups/names.js';
import { endIncidentsQuietly } from './quiet-end.js';
import { checkedRuleFields, ruleColumns, type RuleFields } from './rule-checks.js';
import { ruleAnswerOf, ruleAnswers } from './rule-view.js';
import {
  countRules,
  deleteRules,
  findRule,
  findRules,
  insertRule,
  pageOfRules,
  ruleByName,
  setRulesEnable,
  updateRule,
  type AlertRuleRow,
} from './rules-repo.js';

/**
 * Alert rules of the signed-in customer (spec §3 "Alert rule"). Every read and write is scoped to
 * the customer: another customer's rule is as unknown as one that never was (2606).
 */

export type AlertsContext = Pick<ServerContext, 'db' | 'now'>;

export const RULE_NOT_FOUND = 2606;

export async function customerRule(db: Db, custId: number, id: number): Promise<AlertRuleRow> {
  const row = await findRule(db, custId, id);
  if (!row) throw new AppError(RULE_NOT_FOUND);
  return row;
}

/** Every id must be the customer's rule (2606 otherwise, naming none), so a batch is all or none. */
async function customerRules(db: Db, custId: number, ids: readonly number[]): Promise<AlertRuleRow[]> {
  const distinct = [...new Set(ids)];
  const rows = await findRules(db, custId, distinct);
  if (rows.length !== distinct.length) throw new AppError(RULE_NOT_FOUND);
  return rows;
}

async function assertNameFree(db: Db, custId: number, name: string, exceptId?: number): Promise<void> {
  const holder = await ruleByName(db, custId, name);
  if (holder && holder.id !== exceptId) throw new AppError(NAME_TAKEN);
}

export async function listAlertRules(ctx: AlertsContext, custId: number, body: z.output<typeof AlertRuleListBody>): Promise<AlertRuleListAnswer> {
  const keyword = body.keyword ?? '';
  const total = await countRules(ctx.db, custId, body.monitorType, keyword);
  const page = { monitorType: body.monitorType, keyword, limit: body.pageSize, offset: (body.page - 1) * body.pageSize };
  const rows = await pageOfRules(ctx.db, custId, page);
  return { list: await ruleAnswers(ctx.db, custId, rows), total };
}

export async function alertRuleInfo(ctx: AlertsContext, custId: number, id: number): Promise<AlertRule> {
  return ruleAnswerOf(ctx.db, await customerRule(ctx.db, custId, id));
}

export async function createAlertRule(ctx: AlertsContext, custId: number, fields: RuleFields): Promise<AlertRule> {
  const kept = checkedRuleFields(fields);
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await assertNameFree(trx, custId, kept.name);
    return nameMustBeFree(() => insertRule(trx, custId, ruleColumns(kept), now));
  });
  return ruleAnswerOf(ctx.db, row);
}

/** What the rule watched no longer holds: a rule turned off, or one that watches in another mode. */
function stopsWatching(current: AlertRuleRow, kept: RuleFields): boolean {
  return kept.enable === ENABLE_STATUS.DISABLED || kept.mode !== current.mode;
}

/**
 * Replaces the rule's fields. The monitor type stays (1001 on `monitorType` when another is sent:
 * the query list holds tasks of that type). Turning the rule off or changing its mode ends its
 * incidents quietly.
 */
export async function updateAlertRule(ctx: AlertsContext, custId: number, body: z.output<typeof AlertRuleUpdateBody>): Promise<AlertRule> {
  const { id, ...fields } = body;
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await customerRule(trx, custId, id);
    if (fields.monitorType !== current.monitor_type) throw badParameter([fieldError('monitorType', 10010003)]);
    const kept = checkedRuleFields(fields);
    await assertNameFree(trx, custId, kept.name, id);
    if (stopsWatching(current, kept)) await endIncidentsQuietly(trx, { custId, ruleIds: [id] }, now);
    return nameMustBeFree(() => updateRule(trx, current, { ...ruleColumns(kept), updated_at: now }));
  });
  return ruleAnswerOf(ctx.db, row);
}

/** Deletes the rules, all or none (2606); their incidents end quietly, their log stays. */
export async function deleteAlertRules(ctx: AlertsContext, custId: number, ids: readonly number[]): Promise<{ changed: number }> {
  const now = ctx.now();
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const rows = await customerRules(trx, custId, ids);
    const ruleIds = rows.map((row) => row.id);
    await endIncidentsQuietly(trx, { custId, ruleIds }, now);
    return deleteRules(trx, custId, ruleIds);
  });
  return { changed };
}

/** Turns rules on or off, all or none (2606); answers how many changed. Off ends their incidents quietly. */
export async function enableAlertRules(ctx: AlertsContext, custId: number, ids: readonly number[], enable: number): Promise<{ changed: number }> {
  const now = ctx.now();
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const ruleIds = (await customerRules(trx, custId, ids)).map((row) => row.id);
    if (enable === ENABLE_STATUS.DISABLED) await endIncidentsQuietly(trx, { custId, ruleIds }, now);
    return setRulesEnable(trx, custId, ruleIds, enable, now);
  });
  return { changed };
}

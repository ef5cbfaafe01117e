import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { alertLogInfo, listAlertLog } from './log-service.js';
import { callerLanguage } from './request-language.js';
import { addAlertRuleTasks, alertRuleTasks, removeAlertRuleTasks } from './rule-tasks-service.js';
import { alertRuleInfo, createAlertRule, deleteAlertRules, enableAlertRules, listAlertRules, updateAlertRule } from './rules-service.js';
import { alertSettingInfo, saveAlertSettings } from './settings-service.js';

/** Alert rules, their query lists, settings and the log; the test message and recent chats are the delivery's. */
export function alertRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.alertRuleList, ({ ctx, principal, body }) => listAlertRules(ctx, principal.custId, body));
  registerCall(app, CALLS.alertRuleInfo, ({ ctx, principal, body }) => alertRuleInfo(ctx, principal.custId, body.id));
  registerCall(app, CALLS.alertRuleCreate, ({ ctx, principal, body }) => createAlertRule(ctx, principal.custId, body));
  registerCall(app, CALLS.alertRuleUpdate, ({ ctx, principal, body }) => updateAlertRule(ctx, principal.custId, body));
  registerCall(app, CALLS.alertRuleDelete, ({ ctx, principal, body }) => deleteAlertRules(ctx, principal.custId, body.ids));
  registerCall(app, CALLS.alertRuleEnable, ({ ctx, principal, body }) => enableAlertRules(ctx, principal.custId, body.ids, body.enable));
  registerCall(app, CALLS.alertRuleTasks, ({ ctx, principal, body }) => alertRuleTasks(ctx, principal.custId, body));
  registerCall(app, CALLS.alertRuleTaskAdd, ({ ctx, principal, body }) => addAlertRuleTasks(ctx, principal.custId, body.ruleId, body.taskIds));
  registerCall(app, CALLS.alertRuleTaskRemove, ({ ctx, principal, body }) => removeAlertRuleTasks(ctx, principal.custId, body.ruleId, body.taskIds));
  registerCall(app, CALLS.alertSettingInfo, ({ ctx, principal, request }) => alertSettingInfo(ctx, principal.custId, callerLanguage(request)));
  registerCall(app, CALLS.alertSettingSave, ({ ctx, principal, body }) => saveAlertSettings(ctx, principal.custId, body));
  registerCall(app, CALLS.alertLogList, ({ ctx, principal, body }) => listAlertLog(ctx, principal.custId, body));
  registerCall(app, CALLS.alertLogInfo, ({ ctx, principal, body }) => alertLogInfo(ctx, principal.custId, body.id));
}

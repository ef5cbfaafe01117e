import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AlertLogListBody, AlertRuleFields, AlertRuleListBody, AlertRuleTasksBody, AlertSettingBody } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';

/**
 * Query keys of the alert screens. Every rule read starts with ['alert', 'rule'], so a change
 * refreshes the lists, the open rule and its query list by prefix.
 */
const RULES_ROOT = ['alert', 'rule'] as const;
const SETTING_ROOT = ['alert', 'setting'] as const;
const LOG_ROOT = ['alert', 'log'] as const;

/** Codes the screens explain in place (under a field, beside a task, as a not-found state). */
export const RULE_FORM_CODES = [1001, 2014, 2601, 2602, 2603, 2606, 2609] as const;
export const TASK_CHANGE_CODES = [2604, 2605, 2606] as const;
export const RULE_NOT_FOUND = 2606;

export function ruleListQuery(body: AlertRuleListBody) {
  return queryOptions({
    queryKey: [...RULES_ROOT, 'list', body] as const,
    queryFn: ({ signal }) => request('alertRuleList', body, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function ruleQuery(id: number) {
  return queryOptions({
    queryKey: [...RULES_ROOT, 'one', id] as const,
    queryFn: ({ signal }) => request('alertRuleInfo', { id }, { signal, explains: [RULE_NOT_FOUND] }),
    retry: false,
  });
}

export function ruleTasksQuery(body: AlertRuleTasksBody) {
  return queryOptions({
    queryKey: [...RULES_ROOT, 'tasks', body] as const,
    queryFn: ({ signal }) => request('alertRuleTasks', body, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function createRule(body: AlertRuleFields) {
  return request('alertRuleCreate', body, { explains: RULE_FORM_CODES });
}

export function updateRule(id: number, body: AlertRuleFields) {
  return request('alertRuleUpdate', { ...body, id }, { explains: RULE_FORM_CODES });
}

export function deleteRules(ids: readonly number[]) {
  return request('alertRuleDelete', { ids: [...ids] });
}

export function enableRules(ids: readonly number[], enable: 1 | 2) {
  return request('alertRuleEnable', { ids: [...ids], enable });
}

export function addRuleTasks(ruleId: number, taskIds: readonly number[]) {
  return request('alertRuleTaskAdd', { ruleId, taskIds: [...taskIds] }, { explains: TASK_CHANGE_CODES });
}

export function removeRuleTasks(ruleId: number, taskIds: readonly number[]) {
  return request('alertRuleTaskRemove', { ruleId, taskIds: [...taskIds] }, { explains: TASK_CHANGE_CODES });
}

export function refreshRules(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: RULES_ROOT });
}

export const settingQuery = queryOptions({
  queryKey: [...SETTING_ROOT, 'info'] as const,
  queryFn: ({ signal }) => request('alertSettingInfo', undefined, { signal }),
});

export function saveSetting(body: AlertSettingBody) {
  return request('alertSettingSave', body, { explains: [1001] });
}

export function sendTestMessage(chatId: string) {
  return request('alertSettingTest', { chatId });
}

/** Asked only when the user presses "find my chat id": each ask reads the bot's updates afresh. */
export function recentChats() {
  return request('alertSettingRecentChats');
}

export function logListQuery(body: AlertLogListBody) {
  return queryOptions({
    queryKey: [...LOG_ROOT, 'list', body] as const,
    queryFn: ({ signal }) => request('alertLogList', body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A test message or a settings change shows up in the log. */
export function refreshLog(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: LOG_ROOT });
}

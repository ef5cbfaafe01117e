import { z } from 'zod';
import { ALERTABLE_MONITOR_TYPES, MONITOR_TYPES, type MonitorType } from '../codes.js';
import { LIMITS, SSL_EXPIRY_DAYS_MAX_ENTRIES } from '../constants.js';
import {
  ALERT_CONDITIONS,
  ALERT_LATENCY_THRESHOLD_MAX_MS,
  ALERT_MODE_CODES,
  ALERT_MODES,
  ALERT_SSL_DAY_MAX,
  type AlertMode,
} from '../alerts/rule-fields.js';
import { enableStatusRule, nameRule, optionalText } from '../validation/rules.js';
import { Paging, PathId, Timestamp } from './common.js';
import { defineCall } from './define.js';

/**
 * Alert rules (spec §3 "Alert rule", §5): per monitor type (1-5 and 7), scoped to the signed-in
 * customer, task area `alert`. Shape errors are 1001 with inner codes; the range rules with codes
 * of their own (2601 latency sensitivity, 2602 availability sensitivity, 2603 availability
 * threshold, 2609 cooldown) come from `alertRuleProblem`. Unknown or another customer's rule: 2606.
 * A task that cannot join a rule: 2604 (unknown, deleted, another customer's or another protocol's
 * task) or 2605 (the mode cannot watch it: IP not matched on a task with no matched IPs or group).
 */

/** Modes each monitor type can be watched in. */
export const ALERT_MODES_BY_TYPE: Readonly<Record<MonitorType, readonly AlertMode[]>> = {
  [MONITOR_TYPES.ICMP]: [ALERT_MODES.LATENCY, ALERT_MODES.AVAILABILITY, ALERT_MODES.IP_NOT_MATCHED],
  [MONITOR_TYPES.TCP]: [ALERT_MODES.LATENCY, ALERT_MODES.AVAILABILITY, ALERT_MODES.IP_NOT_MATCHED],
  [MONITOR_TYPES.HTTP]: [ALERT_MODES.LATENCY, ALERT_MODES.AVAILABILITY, ALERT_MODES.IP_NOT_MATCHED],
  [MONITOR_TYPES.HTTPS]: [
    ALERT_MODES.LATENCY,
    ALERT_MODES.AVAILABILITY,
    ALERT_MODES.SSL_EXPIRY_DAYS,
    ALERT_MODES.IP_NOT_MATCHED,
  ],
  [MONITOR_TYPES.DNS]: [ALERT_MODES.LATENCY, ALERT_MODES.AVAILABILITY, ALERT_MODES.IP_NOT_MATCHED],
  [MONITOR_TYPES.TRACEROUTE]: [],
  [MONITOR_TYPES.SSL]: [ALERT_MODES.AVAILABILITY, ALERT_MODES.SSL_EXPIRY_DAYS],
};

const Id = z.number().int().positive();

export const AlertMonitorType = z
  .number()
  .int()
  .refine((type) => (ALERTABLE_MONITOR_TYPES as readonly number[]).includes(type), { message: '10010003' });
export const AlertModeField = z
  .number()
  .int()
  .refine((mode) => (ALERT_MODE_CODES as readonly number[]).includes(mode), { message: '10010003' });

/**
 * The editable fields. `threshold`: availability as a ratio 0.1-0.9 (2603), latency in ms
 * (1 to ALERT_LATENCY_THRESHOLD_MAX_MS); null for SSL and IP modes. `sslDays`: the day marks of the
 * SSL mode (1-10 distinct days, each 1-365), empty otherwise. `sensitivity` is the count of
 * consecutive breaching rounds (2601/2602); SSL and IP modes fire on the first round and keep 1.
 * `cooldownMinutes` 0 (none: no repeats), 5, 10 or 30 (2609). The mode must suit the type (10010003
 * on `mode`).
 */
export const AlertRuleFields = z.strictObject({
  name: z.string().trim().pipe(nameRule),
  monitorType: AlertMonitorType,
  mode: AlertModeField,
  condition: z.enum(ALERT_CONDITIONS, { error: (issue) => (issue.input === undefined ? '10010002' : '10010003') }),
  sensitivity: z.number().int(),
  threshold: z.number().positive().max(ALERT_LATENCY_THRESHOLD_MAX_MS).nullable(),
  sslDays: z.array(z.number().int().min(1).max(ALERT_SSL_DAY_MAX)).max(SSL_EXPIRY_DAYS_MAX_ENTRIES).default([]),
  cooldownMinutes: z.number().int(),
  enable: enableStatusRule,
});
export type AlertRuleFields = z.input<typeof AlertRuleFields>;

export const AlertRule = z.object({
  id: z.number().int(),
  name: z.string(),
  monitorType: z.number().int(),
  mode: z.number().int(),
  condition: z.enum(ALERT_CONDITIONS),
  sensitivity: z.number().int(),
  threshold: z.number().nullable(),
  sslDays: z.array(z.number().int()),
  cooldownMinutes: z.number().int(),
  enable: z.number().int(),
  /** The §3 "number of monitored domains": tasks in the rule's query list. */
  taskCount: z.number().int(),
  /** An incident of this rule is going on for some task. */
  firing: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type AlertRule = z.infer<typeof AlertRule>;

export const AlertRuleListBody = Paging.extend({
  monitorType: AlertMonitorType,
  keyword: z.string().trim().pipe(optionalText({ min: 0, max: LIMITS.nameMax })).optional(),
});
export type AlertRuleListBody = z.input<typeof AlertRuleListBody>;
export const AlertRuleListAnswer = z.object({ list: z.array(AlertRule), total: z.number().int() });
export type AlertRuleListAnswer = z.infer<typeof AlertRuleListAnswer>;

export const AlertRuleIdBody = z.strictObject({ id: PathId });
export type AlertRuleIdBody = z.input<typeof AlertRuleIdBody>;
export const AlertRuleUpdateBody = AlertRuleFields.extend({ id: Id });
export type AlertRuleUpdateBody = z.input<typeof AlertRuleUpdateBody>;

export const ALERT_RULE_BATCH_MAX = LIMITS.bulkDeleteMax;
export const AlertRuleIdsBody = z.strictObject({ ids: z.array(Id).min(1).max(ALERT_RULE_BATCH_MAX) });
export type AlertRuleIdsBody = z.input<typeof AlertRuleIdsBody>;
export const AlertRuleEnableBody = AlertRuleIdsBody.extend({ enable: enableStatusRule });
export type AlertRuleEnableBody = z.input<typeof AlertRuleEnableBody>;
export const AlertRuleChangedAnswer = z.object({ changed: z.number().int() });

/** A task as the rule's query list shows it. */
export const AlertRuleTaskRow = z.object({
  taskId: z.number().int(),
  name: z.string(),
  domain: z.string(),
  monitorType: z.number().int(),
  /** In this rule's query list. */
  inRule: z.boolean(),
  /** Why it cannot join (2605 for IP not matched without matched IPs or group); null when it can. */
  refusal: z.number().int().nullable(),
  /** An incident of this rule is going on for this task. */
  firing: z.boolean(),
});
export type AlertRuleTaskRow = z.infer<typeof AlertRuleTaskRow>;

/**
 * The rule's query list (`inRule: true` only) or, with `search: true`, the customer's tasks of the
 * rule's protocol whose name or domain contains the keyword, in or out of the rule.
 */
export const AlertRuleTasksBody = Paging.extend({
  ruleId: Id,
  search: z.boolean().default(false),
  keyword: z.string().trim().pipe(optionalText({ min: 0, max: LIMITS.nameMax })).optional(),
});
export type AlertRuleTasksBody = z.input<typeof AlertRuleTasksBody>;
export const AlertRuleTasksAnswer = z.object({ list: z.array(AlertRuleTaskRow), total: z.number().int() });
export type AlertRuleTasksAnswer = z.infer<typeof AlertRuleTasksAnswer>;

export const ALERT_RULE_TASKS_BATCH_MAX = 100;
/** Add or remove tasks: all or none (2604/2605 name the first task that cannot). */
export const AlertRuleTaskChangeBody = z.strictObject({
  ruleId: Id,
  taskIds: z.array(Id).min(1).max(ALERT_RULE_TASKS_BATCH_MAX),
});
export type AlertRuleTaskChangeBody = z.input<typeof AlertRuleTaskChangeBody>;
export const AlertRuleTaskChangeAnswer = z.object({ changed: z.number().int(), taskCount: z.number().int() });
export type AlertRuleTaskChangeAnswer = z.infer<typeof AlertRuleTaskChangeAnswer>;

const alert = { access: 'session', area: 'alert' } as const;

export const alertRuleCalls = {
  alertRuleList: defineCall({
    method: 'POST',
    path: '/alert/rule/list',
    summary: "The customer's alert rules of one monitor type: keyword (part of the name), paging.",
    body: AlertRuleListBody,
    answer: AlertRuleListAnswer,
    mutation: false,
    ...alert,
  }),
  alertRuleInfo: defineCall({
    method: 'GET',
    path: '/alert/rule/info/{id}',
    summary: 'One alert rule (2606 when unknown).',
    body: AlertRuleIdBody,
    answer: AlertRule,
    mutation: false,
    ...alert,
  }),
  alertRuleCreate: defineCall({
    method: 'POST',
    path: '/alert/rule/create',
    summary: 'Creates an alert rule (2601-2603, 2609 range rules; 2014 name taken).',
    body: AlertRuleFields,
    answer: AlertRule,
    mutation: true,
    ...alert,
  }),
  alertRuleUpdate: defineCall({
    method: 'POST',
    path: '/alert/rule/update',
    summary: 'Changes an alert rule (2606 unknown; 2601-2603, 2609; 2014 name taken). The monitor type stays.',
    body: AlertRuleUpdateBody,
    answer: AlertRule,
    mutation: true,
    ...alert,
  }),
  alertRuleDelete: defineCall({
    method: 'POST',
    path: '/alert/rule/delete',
    summary: 'Deletes alert rules, all or none (2606 for any unknown id); their log stays.',
    body: AlertRuleIdsBody,
    answer: AlertRuleChangedAnswer,
    mutation: true,
    ...alert,
  }),
  alertRuleEnable: defineCall({
    method: 'POST',
    path: '/alert/rule/enable',
    summary: 'Turns alert rules on (1) or off (2), all or none (2606); turning off ends their incidents quietly.',
    body: AlertRuleEnableBody,
    answer: AlertRuleChangedAnswer,
    mutation: true,
    ...alert,
  }),
  alertRuleTasks: defineCall({
    method: 'POST',
    path: '/alert/rule/tasks',
    summary: "A rule's query list, or with search the customer's tasks of its protocol to add (2606).",
    body: AlertRuleTasksBody,
    answer: AlertRuleTasksAnswer,
    mutation: false,
    ...alert,
  }),
  alertRuleTaskAdd: defineCall({
    method: 'POST',
    path: '/alert/rule/task_add',
    summary: "Adds tasks to a rule's query list, all or none (2606; 2604 a task that is not the customer's of this protocol; 2605 one the mode cannot watch).",
    body: AlertRuleTaskChangeBody,
    answer: AlertRuleTaskChangeAnswer,
    mutation: true,
    ...alert,
  }),
  alertRuleTaskRemove: defineCall({
    method: 'POST',
    path: '/alert/rule/task_remove',
    summary: "Removes tasks from a rule's query list (2606); tasks not in it are passed over. Their incidents end quietly.",
    body: AlertRuleTaskChangeBody,
    answer: AlertRuleTaskChangeAnswer,
    mutation: true,
    ...alert,
  }),
} as const;

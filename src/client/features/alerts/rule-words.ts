import { ALERTABLE_MONITOR_TYPES, type AlertRule } from '../../../shared/index.js';
import { ALERT_MODES } from '../../../shared/alerts/rule-fields.js';
import type { Translate } from '../../lib/error-text.js';
import { numberText } from '../../lib/number-text.js';

/** The rule list's tabs: every type alerts exist for (§3: 1-5 and 7, not traceroute). */
export const ALERT_LIST_TYPES = ALERTABLE_MONITOR_TYPES;

export const alertListPathOf = (type: number) => `/alert/${type}`;
export const alertCreatePathOf = (type: number) => `/alert/create/${type}`;
export const alertEditPathOf = (id: number) => `/alert/edit/${id}`;

export { alertLogPathOf } from '../../lib/alert-paths.js';

/** An availability ratio (0.1-0.9) as the percentage the user reads and types. */
export function percentOfRatio(ratio: number): number {
  return Math.round(ratio * 10_000) / 100;
}

export function ratioOfPercent(percent: number): number {
  return Math.round(percent * 100) / 10_000;
}

type RuleCondition = Pick<AlertRule, 'mode' | 'condition' | 'threshold' | 'sslDays'>;

/** What the rule watches, in words: "Availability below 80 %", "Certificate at 30, 7, 1 days left". */
export function conditionText(rule: RuleCondition, t: Translate): string {
  const condition = t(`alerts:conditions.${rule.condition}`);
  switch (rule.mode) {
    case ALERT_MODES.LATENCY:
      return t('alerts:conditionText.latency', { condition, ms: numberText(rule.threshold ?? 0) });
    case ALERT_MODES.AVAILABILITY:
      return t('alerts:conditionText.availability', { condition, percent: numberText(percentOfRatio(rule.threshold ?? 0)) });
    case ALERT_MODES.SSL_EXPIRY_DAYS:
      return t('alerts:conditionText.ssl', { days: [...rule.sslDays].sort((a, b) => b - a).map((day) => numberText(day)).join(', ') });
    default:
      return t('alerts:conditionText.ipNotMatched');
  }
}

/** How many breaching rounds it takes; SSL and IP rules act on the first. */
export function sensitivityText(rule: Pick<AlertRule, 'mode' | 'sensitivity'>, t: Translate): string {
  if (rule.mode === ALERT_MODES.SSL_EXPIRY_DAYS || rule.mode === ALERT_MODES.IP_NOT_MATCHED) return t('alerts:sensitivity.first');
  return t('alerts:sensitivity.rounds', { count: rule.sensitivity });
}

export function cooldownText(minutes: number, t: Translate): string {
  return minutes === 0 ? t('alerts:cooldown.none') : t('alerts:cooldown.minutes', { count: minutes });
}

/**
 * A task's detail from an alert screen. The log and the rule's list know the task, not always its
 * type; the detail screen reads the task first and moves to its real type's path.
 */
export const taskDetailPathOf = (taskId: number, type = 1) => `/monitor/${type}/detail/${taskId}`;

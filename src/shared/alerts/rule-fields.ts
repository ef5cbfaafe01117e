import { ALERT_AVAILABILITY_THRESHOLD, ALERT_COOLDOWN_MINUTES, ALERT_SENSITIVITY } from '../constants.js';
import type { ErrorCode } from '../errors.js';

/**
 * Alert rule field values (spec §3 "Alert rule") and the range rules of §5 that the catalogue gives
 * codes of their own (2601-2603, 2609). The server refuses with these codes and the console's form
 * marks the field with the same text, from this one function.
 */

export const ALERT_MODES = { LATENCY: 1, AVAILABILITY: 2, SSL_EXPIRY_DAYS: 3, IP_NOT_MATCHED: 4 } as const;
export type AlertMode = (typeof ALERT_MODES)[keyof typeof ALERT_MODES];
export const ALERT_MODE_CODES = Object.values(ALERT_MODES) as AlertMode[];

export const ALERT_CONDITIONS = ['gt', 'gte', 'eq', 'lt', 'lte'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** Largest latency threshold, in milliseconds (the spec gives none; a check times out long before). */
export const ALERT_LATENCY_THRESHOLD_MAX_MS = 600_000;
/** SSL day marks lie within a year of expiry. */
export const ALERT_SSL_DAY_MAX = 365;

/** Whether `value` breaches `threshold` under the condition. */
export function breaches(condition: AlertCondition, value: number, threshold: number): boolean {
  switch (condition) {
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'eq':
      return value === threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
  }
}

/** The fields the range rules look at. */
export interface AlertRuleRangeFields {
  mode: AlertMode;
  sensitivity: number;
  threshold: number | null;
  cooldownMinutes: number;
}

export interface AlertRuleProblem {
  field: 'sensitivity' | 'threshold' | 'cooldownMinutes';
  code: Extract<ErrorCode, 2601 | 2602 | 2603 | 2609>;
}

function sensitivityProblem({ mode, sensitivity }: AlertRuleRangeFields): AlertRuleProblem | null {
  if (mode === ALERT_MODES.LATENCY) {
    const { min, max } = ALERT_SENSITIVITY.latency;
    return sensitivity < min || sensitivity > max ? { field: 'sensitivity', code: 2601 } : null;
  }
  if (mode === ALERT_MODES.AVAILABILITY) {
    const { min, max } = ALERT_SENSITIVITY.availability;
    return sensitivity < min || sensitivity > max ? { field: 'sensitivity', code: 2602 } : null;
  }
  return null;
}

function thresholdProblem({ mode, threshold }: AlertRuleRangeFields): AlertRuleProblem | null {
  if (mode !== ALERT_MODES.AVAILABILITY) return null;
  const { min, max } = ALERT_AVAILABILITY_THRESHOLD;
  return threshold === null || threshold < min || threshold > max ? { field: 'threshold', code: 2603 } : null;
}

/** The first range rule a rule's fields break, or null; checked after the body's shape is valid. */
export function alertRuleProblem(fields: AlertRuleRangeFields): AlertRuleProblem | null {
  const sensitivity = sensitivityProblem(fields);
  if (sensitivity) return sensitivity;
  const threshold = thresholdProblem(fields);
  if (threshold) return threshold;
  if (!(ALERT_COOLDOWN_MINUTES as readonly number[]).includes(fields.cooldownMinutes)) {
    return { field: 'cooldownMinutes', code: 2609 };
  }
  return null;
}

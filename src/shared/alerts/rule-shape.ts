import type { MonitorType } from '../codes.js';
import { ALERT_MODES_BY_TYPE } from '../calls/alert-rules.js';
import { ALERT_MODES, type AlertMode } from './rule-fields.js';

/**
 * The rules of an alert rule that tie its fields to its mode, beyond each field's own shape and
 * the range rules with codes of their own (`alertRuleProblem`). Answered as 1001 field errors by
 * the server; the console's form marks the same fields from this one function.
 */

/** The fields these rules look at. */
export interface AlertRuleShapeFields {
  monitorType: number;
  mode: number;
  sensitivity: number;
  threshold: number | null;
  sslDays: readonly number[];
}

export interface AlertRuleFieldProblem {
  field: 'mode' | 'threshold' | 'sslDays';
  /** 10010002 required, 10010003 not allowed (a mode the type cannot be watched in, repeated day marks). */
  code: 10010002 | 10010003;
}

/** Modes that judge no measured figure: they take no threshold and fire on the first round. */
export const ALERT_MODES_WITHOUT_THRESHOLD: readonly AlertMode[] = [ALERT_MODES.SSL_EXPIRY_DAYS, ALERT_MODES.IP_NOT_MATCHED];

export function alertModeSuitsType(monitorType: number, mode: number): boolean {
  const modes: readonly number[] = ALERT_MODES_BY_TYPE[monitorType as MonitorType] ?? [];
  return modes.includes(mode);
}

function sslDaysProblem(sslDays: readonly number[]): AlertRuleFieldProblem | null {
  if (sslDays.length === 0) return { field: 'sslDays', code: 10010002 };
  return new Set(sslDays).size === sslDays.length ? null : { field: 'sslDays', code: 10010003 };
}

/**
 * Every field the mode refuses: a mode the monitor type cannot be watched in (alone), a latency rule
 * without a threshold (availability's comes as 2603 from `alertRuleProblem`), an SSL rule without
 * day marks or with one twice.
 */
export function alertRuleShapeProblems(fields: AlertRuleShapeFields): AlertRuleFieldProblem[] {
  // The other rules follow from the mode: judged against a mode the type refuses, they would only mislead.
  if (!alertModeSuitsType(fields.monitorType, fields.mode)) return [{ field: 'mode', code: 10010003 }];
  const problems: AlertRuleFieldProblem[] = [];
  if (fields.mode === ALERT_MODES.LATENCY && fields.threshold === null) problems.push({ field: 'threshold', code: 10010002 });
  if (fields.mode === ALERT_MODES.SSL_EXPIRY_DAYS) {
    const days = sslDaysProblem(fields.sslDays);
    if (days) problems.push(days);
  }
  return problems;
}

/**
 * The fields as a rule of this mode keeps them: SSL and IP-not-matched rules have no threshold and
 * a sensitivity of 1 whatever was sent (a form that switched modes may still hold the old values),
 * day marks only for SSL rules, largest first.
 */
export function normalisedAlertRule<T extends AlertRuleShapeFields>(fields: T): T {
  const withoutThreshold = (ALERT_MODES_WITHOUT_THRESHOLD as readonly number[]).includes(fields.mode);
  const sslDays = fields.mode === ALERT_MODES.SSL_EXPIRY_DAYS ? [...fields.sslDays].sort((a, b) => b - a) : [];
  return {
    ...fields,
    sslDays,
    ...(withoutThreshold ? { threshold: null, sensitivity: 1 } : {}),
  };
}

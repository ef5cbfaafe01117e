import type { z } from 'zod';
import type { AlertRuleFields } from '../../../shared/calls/alert-rules.js';
import { alertRuleProblem, type AlertMode } from '../../../shared/alerts/rule-fields.js';
import { alertRuleShapeProblems, normalisedAlertRule } from '../../../shared/alerts/rule-shape.js';
import { ALERT_AVAILABILITY_THRESHOLD, ALERT_SENSITIVITY } from '../../../shared/constants.js';
import type { FieldError } from '../../../shared/envelope.js';
import { AppError, badParameter, fieldError } from '../../http/app-error.js';
import type { AlertRuleColumns } from './rules-repo.js';

export type RuleFields = z.output<typeof AlertRuleFields>;

/** The bounds a range refusal names, so the form can say them beside the field. */
function rangeParams(code: 2601 | 2602 | 2603 | 2609): FieldError['params'] {
  switch (code) {
    case 2601:
      return { ...ALERT_SENSITIVITY.latency };
    case 2602:
      return { ...ALERT_SENSITIVITY.availability };
    case 2603:
      return { ...ALERT_AVAILABILITY_THRESHOLD };
    case 2609:
      return undefined;
  }
}

/**
 * The fields as the rule keeps them, or the refusal: 1001 for fields the mode refuses (the mode
 * itself when the monitor type cannot be watched in it), then the range rules' own codes
 * (2601-2603, 2609), whose answer names the field in `data.errors` like a 1001 does.
 */
export function checkedRuleFields(fields: RuleFields): RuleFields {
  const shape = alertRuleShapeProblems(fields);
  if (shape.length > 0) throw badParameter(shape.map((problem) => fieldError(problem.field, problem.code)));
  const kept = normalisedAlertRule(fields);
  const problem = alertRuleProblem({ ...kept, mode: kept.mode as AlertMode });
  if (problem) {
    const params = rangeParams(problem.code);
    throw new AppError(problem.code, { data: { errors: [fieldError(problem.field, 10010003, params)] } });
  }
  return kept;
}

export function ruleColumns(fields: RuleFields): AlertRuleColumns {
  return {
    name: fields.name,
    monitor_type: fields.monitorType,
    mode: fields.mode,
    condition: fields.condition,
    sensitivity: fields.sensitivity,
    threshold: fields.threshold,
    ssl_days: JSON.stringify(fields.sslDays),
    cooldown_minutes: fields.cooldownMinutes,
    enable: fields.enable,
  };
}

import {
  ALERT_MODES_BY_TYPE,
  AlertRuleFields,
  LIMITS,
  SSL_EXPIRY_DAYS_MAX_ENTRIES,
  validate,
  type AlertRule,
  type FieldError,
  type MonitorType,
} from '../../../shared/index.js';
import { alertRuleShapeProblems } from '../../../shared/alerts/rule-shape.js';
import { ALERT_MODES, ALERT_SSL_DAY_MAX, alertRuleProblem, type AlertCondition, type AlertMode } from '../../../shared/alerts/rule-fields.js';
import { ApiError, type ApiFailure } from '../../lib/api-failure.js';
import { ratioOfPercent, percentOfRatio } from './rule-words.js';

/** The form as typed: numbers stay text until saved, so a half-typed value is never lost. */
export interface RuleFormValues {
  name: string;
  mode: AlertMode;
  condition: AlertCondition;
  sensitivity: string;
  /** Availability in percent (10-90), latency in ms; unused by SSL and IP rules. */
  threshold: string;
  sslDays: number[];
  cooldownMinutes: number;
  enable: 1 | 2;
}

export type RuleField = 'name' | 'mode' | 'condition' | 'sensitivity' | 'threshold' | 'sslDays' | 'cooldownMinutes' | 'enable';
export const RULE_FIELDS: readonly RuleField[] = ['name', 'mode', 'condition', 'sensitivity', 'threshold', 'sslDays', 'cooldownMinutes', 'enable'];

/** A field's error: a catalogue code (inner 1001 codes and 2601-2609, 2014) and its parameters. */
export interface RuleFormError {
  code: number;
  params?: Record<string, string | number>;
}
export type RuleFormErrors = Partial<Record<RuleField, RuleFormError>>;

/** A condition that fits what the mode measures: slow is above, unavailable is below. */
const FIRST_CONDITION: Readonly<Record<AlertMode, AlertCondition>> = {
  [ALERT_MODES.LATENCY]: 'gt',
  [ALERT_MODES.AVAILABILITY]: 'lt',
  [ALERT_MODES.SSL_EXPIRY_DAYS]: 'lte',
  [ALERT_MODES.IP_NOT_MATCHED]: 'eq',
};
const FIRST_SENSITIVITY: Readonly<Record<AlertMode, string>> = { 1: '3', 2: '3', 3: '1', 4: '1' };
const FIRST_THRESHOLD: Readonly<Record<AlertMode, string>> = { 1: '1000', 2: '80', 3: '', 4: '' };
const FIRST_SSL_DAYS = [30, 7, 1];

export function modesOf(type: MonitorType): readonly AlertMode[] {
  return ALERT_MODES_BY_TYPE[type];
}

/** A mode's fields, as a new rule or a switched mode starts them. */
export function withMode(values: RuleFormValues, mode: AlertMode): RuleFormValues {
  return {
    ...values,
    mode,
    condition: FIRST_CONDITION[mode],
    sensitivity: FIRST_SENSITIVITY[mode],
    threshold: FIRST_THRESHOLD[mode],
    sslDays: mode === ALERT_MODES.SSL_EXPIRY_DAYS ? [...FIRST_SSL_DAYS] : [],
  };
}

export function newRuleValues(type: MonitorType): RuleFormValues {
  const base: RuleFormValues = { name: '', mode: ALERT_MODES.LATENCY, condition: 'gt', sensitivity: '', threshold: '', sslDays: [], cooldownMinutes: 10, enable: 1 };
  return withMode(base, modesOf(type)[0] ?? ALERT_MODES.AVAILABILITY);
}

export function valuesOfRule(rule: AlertRule): RuleFormValues {
  const mode = rule.mode as AlertMode;
  const threshold = rule.threshold === null ? '' : String(mode === ALERT_MODES.AVAILABILITY ? percentOfRatio(rule.threshold) : rule.threshold);
  return {
    name: rule.name,
    mode,
    condition: rule.condition,
    sensitivity: String(rule.sensitivity),
    threshold,
    sslDays: [...rule.sslDays],
    cooldownMinutes: rule.cooldownMinutes,
    enable: rule.enable === 2 ? 2 : 1,
  };
}

/** Whether the mode compares a measured figure with a threshold over consecutive rounds. */
export const measuresFigure = (mode: AlertMode) => mode === ALERT_MODES.LATENCY || mode === ALERT_MODES.AVAILABILITY;

/** Typed text as a number; empty or not a number stays NaN, which the schema refuses. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function thresholdOf(values: RuleFormValues): number | null {
  if (!measuresFigure(values.mode) || values.threshold.trim() === '') return null;
  const typed = numberOf(values.threshold);
  return values.mode === ALERT_MODES.AVAILABILITY && Number.isFinite(typed) ? ratioOfPercent(typed) : typed;
}

/** The body the server takes: SSL and IP rules act on the first round, with no threshold. */
export function bodyOf(values: RuleFormValues, type: MonitorType): AlertRuleFields {
  const figure = measuresFigure(values.mode);
  return {
    name: values.name.trim(),
    monitorType: type,
    mode: values.mode,
    condition: values.condition,
    sensitivity: figure ? numberOf(values.sensitivity) : 1,
    threshold: thresholdOf(values),
    sslDays: values.mode === ALERT_MODES.SSL_EXPIRY_DAYS ? [...values.sslDays].sort((a, b) => b - a) : [],
    cooldownMinutes: values.cooldownMinutes,
    enable: values.enable,
  };
}

/** The form's field a server or schema error names (`sslDays.2` is the day marks). */
export function ruleFieldOf(path: string): RuleField | undefined {
  const head = path.split('.')[0];
  return RULE_FIELDS.find((field) => field === head);
}

function placeErrors(errors: readonly FieldError[]): { fields: RuleFormErrors; unplaced: FieldError[] } {
  const fields: RuleFormErrors = {};
  const unplaced: FieldError[] = [];
  for (const error of errors) {
    const field = ruleFieldOf(error.field);
    if (field === undefined) unplaced.push(error);
    else fields[field] ??= { code: error.code, ...(error.params ? { params: error.params } : {}) };
  }
  return { fields, unplaced };
}

/**
 * What the shared rules say of the typed values: the schema (shape, name, ranges of the contract),
 * the rules that tie the fields to the mode (`alertRuleShapeProblems`), then `alertRuleProblem`
 * (2601-2603, 2609): the same checks the server makes.
 */
export function checkRuleValues(values: RuleFormValues, type: MonitorType): RuleFormErrors {
  const body = bodyOf(values, type);
  const checked = validate(AlertRuleFields, body);
  const fields = checked.ok ? {} : placeErrors(checked.errors).fields;
  for (const problem of alertRuleShapeProblems({ ...body, sslDays: body.sslDays ?? [] })) fields[problem.field] ??= { code: problem.code };
  const problem = Number.isFinite(body.sensitivity) ? alertRuleProblem({ ...body, mode: values.mode }) : null;
  if (problem) fields[problem.field] ??= { code: problem.code };
  return fields;
}

/** A typed day mark: a whole number of days within a year, not there yet, at most ten of them. */
export function sslDayProblem(days: readonly number[], text: string): RuleFormError | null {
  if (!/^\d{1,3}$/.test(text.trim())) return { code: 10010004 };
  const day = Number(text);
  if (day < 1 || day > ALERT_SSL_DAY_MAX) return { code: 10010003 };
  if (days.includes(day)) return { code: 10010003 };
  if (days.length >= SSL_EXPIRY_DAYS_MAX_ENTRIES) return { code: 10010005, params: { max: SSL_EXPIRY_DAYS_MAX_ENTRIES } };
  return null;
}

export const RULE_NAME_MAX = LIMITS.nameMax;

/** A refused save: errors under their fields, or a problem for the whole rule above the buttons. */
export type RuleSaveProblem = { kind: 'notFound' } | { kind: 'other'; failure: ApiFailure | null };
export interface RuleSaveFailure {
  fields: RuleFormErrors;
  problem: RuleSaveProblem | null;
}

const FIELD_OF_CODE: Readonly<Partial<Record<number, RuleField>>> = {
  2014: 'name',
  2601: 'sensitivity',
  2602: 'sensitivity',
  2603: 'threshold',
  2609: 'cooldownMinutes',
};

export function ruleSaveFailureOf(error: unknown): RuleSaveFailure {
  if (!(error instanceof ApiError)) return { fields: {}, problem: { kind: 'other', failure: null } };
  const { failure } = error;
  if (failure.kind !== 'envelope') return { fields: {}, problem: { kind: 'other', failure } };
  const code = Number(failure.code);
  if (code === 1001) {
    const placed = placeErrors(failure.errors);
    const placedAll = placed.unplaced.length === 0 && Object.keys(placed.fields).length > 0;
    return { fields: placed.fields, problem: placedAll ? null : { kind: 'other', failure } };
  }
  const field = FIELD_OF_CODE[code];
  if (field !== undefined) return { fields: { [field]: { code } }, problem: null };
  if (code === 2606) return { fields: {}, problem: { kind: 'notFound' } };
  return { fields: {}, problem: { kind: 'other', failure } };
}

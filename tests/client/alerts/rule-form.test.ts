import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  checkRuleValues,
  modesOf,
  newRuleValues,
  ruleSaveFailureOf,
  sslDayProblem,
  valuesOfRule,
  withMode,
  type RuleFormValues,
} from '../../../src/client/features/alerts/rule-form.js';
import { ApiError } from '../../../src/client/lib/api-failure.js';
import { MONITOR_TYPES, type AlertRule, type FieldError } from '../../../src/shared/index.js';
import { ALERT_MODES } from '../../../src/shared/alerts/rule-fields.js';

const refusal = (code: number, errors: FieldError[] = []) =>
  new ApiError('alertRuleCreate', { kind: 'envelope', code, message: '', errors, httpStatus: 400 });

const latency = (change: Partial<RuleFormValues> = {}): RuleFormValues => ({ ...newRuleValues(MONITOR_TYPES.HTTP), name: 'Slow shop', ...change });
const availability = (change: Partial<RuleFormValues> = {}): RuleFormValues => ({
  ...withMode(newRuleValues(MONITOR_TYPES.HTTP), ALERT_MODES.AVAILABILITY),
  name: 'Shop down',
  ...change,
});

describe('the rule form offers the modes of the type', () => {
  it('SSL tasks: availability and expiry days; HTTPS also latency and IP; a new SSL rule starts with its first mode', () => {
    expect(modesOf(MONITOR_TYPES.SSL)).toEqual([ALERT_MODES.AVAILABILITY, ALERT_MODES.SSL_EXPIRY_DAYS]);
    expect(modesOf(MONITOR_TYPES.HTTPS)).toContain(ALERT_MODES.SSL_EXPIRY_DAYS);
    expect(modesOf(MONITOR_TYPES.ICMP)).not.toContain(ALERT_MODES.SSL_EXPIRY_DAYS);
    expect(newRuleValues(MONITOR_TYPES.SSL).mode).toBe(ALERT_MODES.AVAILABILITY);
  });

  it('a switched mode brings its own condition and threshold: slow is above, unavailable is below', () => {
    expect(latency().condition).toBe('gt');
    expect(availability().condition).toBe('lt');
    expect(withMode(latency(), ALERT_MODES.SSL_EXPIRY_DAYS).sslDays).toEqual([30, 7, 1]);
  });
});

describe('what the form sends', () => {
  it('availability typed in percent goes as the ratio the server stores, and comes back as percent', () => {
    const body = bodyOf(availability({ threshold: '85', sensitivity: '2' }), MONITOR_TYPES.HTTP);
    expect(body).toMatchObject({ mode: ALERT_MODES.AVAILABILITY, threshold: 0.85, sensitivity: 2, sslDays: [] });
    const rule = { ...body, id: 4, taskCount: 0, firing: false, createdAt: '', updatedAt: '' } as AlertRule;
    expect(valuesOfRule(rule).threshold).toBe('85');
  });

  it('latency in ms; SSL marks sorted from the furthest, with no threshold and the first round', () => {
    expect(bodyOf(latency({ threshold: '1500' }), MONITOR_TYPES.HTTP).threshold).toBe(1500);
    const ssl = bodyOf({ ...withMode(latency(), ALERT_MODES.SSL_EXPIRY_DAYS), sslDays: [7, 30, 14] }, MONITOR_TYPES.SSL);
    expect(ssl).toMatchObject({ threshold: null, sensitivity: 1, sslDays: [30, 14, 7] });
  });
});

describe('the shared checks on the client', () => {
  it('a valid rule passes', () => {
    expect(checkRuleValues(latency(), MONITOR_TYPES.HTTP)).toEqual({});
    expect(checkRuleValues(availability(), MONITOR_TYPES.HTTP)).toEqual({});
  });

  it('puts the range codes of §8 on their fields: 2601, 2602, 2603', () => {
    expect(checkRuleValues(latency({ sensitivity: '2' }), MONITOR_TYPES.HTTP)).toEqual({ sensitivity: { code: 2601 } });
    expect(checkRuleValues(availability({ sensitivity: '11' }), MONITOR_TYPES.HTTP)).toEqual({ sensitivity: { code: 2602 } });
    expect(checkRuleValues(availability({ threshold: '95' }), MONITOR_TYPES.HTTP)).toEqual({ threshold: { code: 2603 } });
    expect(checkRuleValues(availability({ threshold: '5' }), MONITOR_TYPES.HTTP)).toEqual({ threshold: { code: 2603 } });
  });

  it('asks for a name, a threshold and at least one day mark', () => {
    expect(checkRuleValues(latency({ name: '  ' }), MONITOR_TYPES.HTTP).name).toBeDefined();
    expect(checkRuleValues(latency({ threshold: '' }), MONITOR_TYPES.HTTP).threshold).toEqual({ code: 10010002 });
    expect(checkRuleValues(availability({ threshold: '' }), MONITOR_TYPES.HTTP).threshold).toEqual({ code: 2603 });
    expect(checkRuleValues(latency({ threshold: 'fast' }), MONITOR_TYPES.HTTP).threshold).toEqual({ code: 10010001 });
    const ssl = { ...withMode(latency(), ALERT_MODES.SSL_EXPIRY_DAYS), sslDays: [] };
    expect(checkRuleValues(ssl, MONITOR_TYPES.SSL).sslDays).toEqual({ code: 10010002 });
  });

  it('refuses a mode the type cannot be watched in', () => {
    expect(checkRuleValues(withMode(latency(), ALERT_MODES.LATENCY), MONITOR_TYPES.SSL).mode).toBeDefined();
  });

  it('a day mark: whole days 1-365, not twice, at most ten', () => {
    expect(sslDayProblem([30], '7')).toBeNull();
    expect(sslDayProblem([30], 'x')).toEqual({ code: 10010004 });
    expect(sslDayProblem([30], '400')).toEqual({ code: 10010003 });
    expect(sslDayProblem([30], '30')).toEqual({ code: 10010003 });
    expect(sslDayProblem([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], '11')).toEqual({ code: 10010005, params: { max: 10 } });
  });
});

describe("the server's refusals on the form", () => {
  it('places 1001 field errors, day marks by their index, and the range codes on their fields', () => {
    expect(ruleSaveFailureOf(refusal(1001, [{ field: 'sslDays.2', code: 10010003 }]))).toEqual({ fields: { sslDays: { code: 10010003 } }, problem: null });
    expect(ruleSaveFailureOf(refusal(2601)).fields).toEqual({ sensitivity: { code: 2601 } });
    expect(ruleSaveFailureOf(refusal(2603)).fields).toEqual({ threshold: { code: 2603 } });
    expect(ruleSaveFailureOf(refusal(2609)).fields).toEqual({ cooldownMinutes: { code: 2609 } });
    expect(ruleSaveFailureOf(refusal(2014)).fields).toEqual({ name: { code: 2014 } });
  });

  it('a rule gone meanwhile, or a refusal of no field, shows above the buttons', () => {
    expect(ruleSaveFailureOf(refusal(2606)).problem).toEqual({ kind: 'notFound' });
    expect(ruleSaveFailureOf(refusal(1001, [{ field: 'other', code: 10010001 }])).problem?.kind).toBe('other');
  });
});

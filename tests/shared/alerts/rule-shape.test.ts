import { describe, expect, it } from 'vitest';
import { ALERT_MODES_BY_TYPE } from '../../../src/shared/calls/alert-rules.js';
import { alertModeSuitsType, alertRuleShapeProblems, normalisedAlertRule, type AlertRuleShapeFields } from '../../../src/shared/alerts/rule-shape.js';
import { MONITOR_TYPE_CODES } from '../../../src/shared/codes.js';

const latency: AlertRuleShapeFields = { monitorType: 3, mode: 1, sensitivity: 3, threshold: 500, sslDays: [] };

describe('alertRuleShapeProblems', () => {
  it('accepts exactly the modes ALERT_MODES_BY_TYPE gives each type', () => {
    for (const type of MONITOR_TYPE_CODES) {
      for (const mode of [1, 2, 3, 4]) {
        expect(alertModeSuitsType(type, mode), `type ${String(type)} mode ${String(mode)}`).toBe((ALERT_MODES_BY_TYPE[type] as readonly number[]).includes(mode));
      }
    }
    expect(alertModeSuitsType(99, 1)).toBe(false);
  });

  it.each([
    ['a valid latency rule', latency, []],
    ['a mode the type refuses, alone', { ...latency, mode: 3, sslDays: [] }, [{ field: 'mode', code: 10010003 }]],
    ['latency without threshold', { ...latency, threshold: null }, [{ field: 'threshold', code: 10010002 }]],
    ['availability without threshold (2603 is the range rule\'s)', { ...latency, mode: 2, threshold: null }, []],
    ['SSL without day marks', { ...latency, monitorType: 7, mode: 3, sslDays: [] }, [{ field: 'sslDays', code: 10010002 }]],
    ['SSL with a repeated mark', { ...latency, monitorType: 4, mode: 3, sslDays: [7, 7] }, [{ field: 'sslDays', code: 10010003 }]],
    ['IP not matched with no threshold', { ...latency, mode: 4, threshold: null }, []],
  ] as const)('%s', (_label, fields, problems) => {
    expect(alertRuleShapeProblems(fields)).toEqual(problems);
  });
});

describe('normalisedAlertRule', () => {
  it('drops threshold and sensitivity of SSL and IP rules, and day marks of others; sorts marks largest first', () => {
    expect(normalisedAlertRule({ ...latency, sslDays: [5] })).toEqual(latency);
    expect(normalisedAlertRule({ ...latency, mode: 4, sensitivity: 8 })).toEqual({ ...latency, mode: 4, sensitivity: 1, threshold: null });
    expect(normalisedAlertRule({ ...latency, monitorType: 7, mode: 3, sslDays: [1, 30, 7] })).toEqual({
      ...latency,
      monitorType: 7,
      mode: 3,
      sensitivity: 1,
      threshold: null,
      sslDays: [30, 7, 1],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { daysReversed, logListBodyOf, logViewOf, logViewParams, ruleListBodyOf, ruleViewOf } from '../../../src/client/features/alerts/list-views.js';
import { conditionText, percentOfRatio, ratioOfPercent } from '../../../src/client/features/alerts/rule-words.js';
import { alertLogPathOf } from '../../../src/client/lib/alert-paths.js';

describe('the alert log in the URL', () => {
  it('reads the filters a rule or a task links with, and ignores what is malformed', () => {
    const view = logViewOf(new URLSearchParams('ruleId=4&taskId=x&event=fire&from=2026-11-01&to=2026-13-45&size=30'));
    expect(view).toEqual({ ruleId: 4, taskId: null, event: 'fire', fromDay: '2026-11-01', toDay: '', page: 1, pageSize: 30 });
    expect(logViewOf(logViewParams(view))).toEqual(view);
    expect(alertLogPathOf({ taskId: 9 })).toBe('/alert/log?taskId=9');
    expect(alertLogPathOf({})).toBe('/alert/log');
  });

  it('asks for whole local days, the last one included', () => {
    const body = logListBodyOf({ ruleId: null, taskId: 9, event: null, fromDay: '2026-11-01', toDay: '2026-11-02', page: 2, pageSize: 10 });
    expect(body).toEqual({ page: 2, pageSize: 10, taskId: 9, from: new Date(2026, 10, 1).getTime(), to: new Date(2026, 10, 3).getTime() });
    expect(daysReversed({ ...logViewOf(new URLSearchParams()), fromDay: '2026-11-02', toDay: '2026-11-01' })).toBe(true);
  });

  it('the rule list sends its type, keyword and page', () => {
    expect(ruleListBodyOf(3, ruleViewOf(new URLSearchParams('q=%20shop%20&page=2')))).toEqual({ monitorType: 3, page: 2, pageSize: 10, keyword: 'shop' });
  });
});

describe('rule words', () => {
  it('percent and ratio convert without float noise', () => {
    expect(ratioOfPercent(85.5)).toBe(0.855);
    expect(percentOfRatio(0.7)).toBe(70);
  });

  it('says the condition with its unit', () => {
    const t = (key: string, params?: Record<string, unknown>) => `${key}${params ? JSON.stringify(params) : ''}`;
    expect(conditionText({ mode: 2, condition: 'lt', threshold: 0.8, sslDays: [] }, t)).toContain('"percent":"80"');
    expect(conditionText({ mode: 3, condition: 'lte', threshold: null, sslDays: [7, 30] }, t)).toContain('"days":"30, 7"');
  });
});

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_FILTER,
  LAST_COUNT_MAX,
  clampCount,
  monthsBefore,
  rangeOf,
  timeFilterFromToken,
  timeFilterToken,
  type TimeFilter,
} from '../../../src/client/features/monitor/time-filter.js';
import { DomainListBody } from '../../../src/shared/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const local = (year: number, month: number, day: number, hour = 10, minute = 30) => new Date(year, month - 1, day, hour, minute).getTime();

describe('time filter → the range the list asks for', () => {
  const now = local(2026, 11, 22);

  it('sends the quick ranges as hours, measured by the server up to its now', () => {
    for (const hours of [1, 2, 3, 6, 12, 168] as const) expect(rangeOf({ kind: 'hours', hours }, now)).toEqual({ hours });
    expect(rangeOf(DEFAULT_TIME_FILTER, now)).toEqual({ hours: 1 });
  });

  it('turns "last n hours/days/weeks" into from-to ending now', () => {
    expect(rangeOf({ kind: 'last', count: 5, unit: 'hour' }, now)).toEqual({ from: now - 5 * HOUR, to: now });
    expect(rangeOf({ kind: 'last', count: 3, unit: 'day' }, now)).toEqual({ from: now - 3 * DAY, to: now });
    expect(rangeOf({ kind: 'last', count: 2, unit: 'week' }, now)).toEqual({ from: now - 14 * DAY, to: now });
  });

  it('counts months on the calendar, keeping the wall-clock time', () => {
    expect(rangeOf({ kind: 'last', count: 1, unit: 'month' }, now)).toEqual({ from: local(2026, 10, 22), to: now });
    expect(rangeOf({ kind: 'last', count: 12, unit: 'month' }, now)).toEqual({ from: local(2025, 11, 22), to: now });
  });

  it('lands on the last day of a shorter month and crosses years', () => {
    expect(monthsBefore(local(2026, 3, 31), 1)).toBe(local(2026, 2, 28));
    expect(monthsBefore(local(2024, 3, 31), 1)).toBe(local(2024, 2, 29));
    expect(monthsBefore(local(2026, 1, 15, 8, 0), 2)).toBe(local(2025, 11, 15, 8, 0));
  });

  it('gives bodies the list call accepts', () => {
    const filters: TimeFilter[] = [DEFAULT_TIME_FILTER, { kind: 'hours', hours: 168 }, { kind: 'last', count: 12, unit: 'month' }, { kind: 'last', count: 720, unit: 'hour' }];
    for (const filter of filters) {
      const parsed = DomainListBody.safeParse({ type: 3, ...rangeOf(filter, now) });
      expect(parsed.success, JSON.stringify(filter)).toBe(true);
    }
  });
});

describe('time filter in the URL', () => {
  it('round-trips every quick range and "last n" range', () => {
    const filters: TimeFilter[] = [
      { kind: 'hours', hours: 1 },
      { kind: 'hours', hours: 168 },
      { kind: 'last', count: 3, unit: 'month' },
      { kind: 'last', count: 52, unit: 'week' },
      { kind: 'last', count: 1, unit: 'day' },
      { kind: 'last', count: 720, unit: 'hour' },
    ];
    for (const filter of filters) expect(timeFilterFromToken(timeFilterToken(filter))).toEqual(filter);
    expect(timeFilterToken({ kind: 'hours', hours: 6 })).toBe('6h');
    expect(timeFilterToken({ kind: 'last', count: 3, unit: 'week' })).toBe('3-week');
  });

  it('refuses what it cannot show', () => {
    for (const raw of [null, '', '5h', '0-day', '13-month', '721-hour', '3-year', 'week', '1.5-day', '-1-day']) {
      expect(timeFilterFromToken(raw), String(raw)).toBeUndefined();
    }
  });
});

describe('clampCount', () => {
  it('keeps a typed count within 1 and the unit maximum', () => {
    expect(clampCount(0, 'day')).toBe(1);
    expect(clampCount(2.7, 'day')).toBe(2);
    expect(clampCount(99, 'month')).toBe(LAST_COUNT_MAX.month);
    expect(clampCount(Number.NaN, 'week')).toBe(1);
  });
});

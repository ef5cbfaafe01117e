import { describe, expect, it } from 'vitest';
import { DAY, formatTimeTick, tickStepFor, timeFormats, timeTicks } from '../../../src/client/charts/time-axis.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** A local date-time, so the assertions hold in any time zone the tests run in. */
const local = (day: number, hour = 0, minute = 0) => new Date(2025, 2, day, hour, minute).getTime();

describe('time axis ticks', () => {
  it('picks a round step that keeps the ticks few', () => {
    expect(tickStepFor(0, HOUR, 8)).toBe(10 * MINUTE);
    expect(tickStepFor(0, 12 * HOUR, 8)).toBe(2 * HOUR);
    expect(tickStepFor(0, 7 * DAY, 8)).toBe(DAY);
    expect(tickStepFor(0, 30 * DAY, 8)).toBe(7 * DAY);
  });

  it('puts hour ticks on whole local hours, inside the range', () => {
    const from = local(10, 9, 17);
    const to = local(10, 21, 5);
    const { step, values } = timeTicks(from, to, 8);
    expect(step).toBe(2 * HOUR);
    expect(values.map((at) => new Date(at).getHours())).toEqual([10, 12, 14, 16, 18, 20]);
    expect(values.every((at) => new Date(at).getMinutes() === 0 && at >= from && at <= to)).toBe(true);
  });

  it('puts day ticks on local midnights', () => {
    const { step, values } = timeTicks(local(3, 15), local(10, 15), 8);
    expect(step).toBe(DAY);
    expect(values).toHaveLength(7);
    expect(values.every((at) => new Date(at).getHours() === 0 && new Date(at).getMinutes() === 0)).toBe(true);
    expect(values.map((at) => new Date(at).getDate())).toEqual([4, 5, 6, 7, 8, 9, 10]);
  });

  it('thins day ticks over months', () => {
    const { values } = timeTicks(local(1), local(1) + 90 * DAY, 8);
    expect(values.length).toBeGreaterThan(2);
    expect(values.length).toBeLessThanOrEqual(9);
  });

  it('has no ticks for an empty or broken range', () => {
    expect(timeTicks(10, 5).values).toEqual([]);
    expect(timeTicks(Number.NaN, 5).values).toEqual([]);
  });
});

describe('time axis labels', () => {
  const formats = timeFormats('en');

  it('shows the time of day, or the date at midnight and for day steps', () => {
    expect(formatTimeTick(local(10, 14, 30), HOUR, formats)).toBe('14:30');
    expect(formatTimeTick(local(10), HOUR, formats)).toBe('3/10');
    expect(formatTimeTick(local(12, 6), DAY, formats)).toBe('3/12');
  });

  it('follows the language', () => {
    expect(formatTimeTick(local(10), DAY, timeFormats('zh-Hant-TW'))).toBe('3/10');
    expect(formatTimeTick(local(10, 9), HOUR, timeFormats('zh-Hans-CN'))).toBe('09:00');
    expect(timeFormats('zh-Hant-TW').full.format(local(10, 9, 5))).toContain('2025');
  });
});

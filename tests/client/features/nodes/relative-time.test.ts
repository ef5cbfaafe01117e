import { describe, expect, it } from 'vitest';
import { absoluteTimeText, relativeTimeOf, relativeTimeText } from '../../../../src/client/features/nodes/relative-time.js';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relative time', () => {
  it('picks the largest whole unit', () => {
    expect(relativeTimeOf(NOW - 5_000, NOW)).toEqual({ value: -5, unit: 'second' });
    expect(relativeTimeOf(NOW - 59_999, NOW)).toEqual({ value: -59, unit: 'second' });
    expect(relativeTimeOf(NOW - 2 * MINUTE - 10_000, NOW)).toEqual({ value: -2, unit: 'minute' });
    expect(relativeTimeOf(NOW - 59 * MINUTE, NOW)).toEqual({ value: -59, unit: 'minute' });
    expect(relativeTimeOf(NOW - 3 * HOUR, NOW)).toEqual({ value: -3, unit: 'hour' });
    expect(relativeTimeOf(NOW - 4 * DAY, NOW)).toEqual({ value: -4, unit: 'day' });
    expect(relativeTimeOf(NOW - 65 * DAY, NOW)).toEqual({ value: -2, unit: 'month' });
    expect(relativeTimeOf(NOW - 800 * DAY, NOW)).toEqual({ value: -2, unit: 'year' });
  });

  it('treats a time just now or slightly ahead (clock skew) as now', () => {
    expect(relativeTimeOf(NOW, NOW)).toEqual({ value: 0, unit: 'second' });
    expect(relativeTimeOf(NOW + 3_000, NOW)).toEqual({ value: 0, unit: 'second' });
  });

  it('speaks each language of the console', () => {
    expect(relativeTimeText(ago(2 * MINUTE), NOW, 'zh-tw')).toBe('2 分鐘前');
    expect(relativeTimeText(ago(2 * MINUTE), NOW, 'zh-cn')).toBe('2分钟前');
    expect(relativeTimeText(ago(2 * MINUTE), NOW, 'en')).toBe('2 minutes ago');
    expect(relativeTimeText(ago(3 * HOUR), NOW, 'en')).toBe('3 hours ago');
    expect(relativeTimeText(ago(0), NOW, 'en')).toBe('now');
  });

  it('has no text for a node never seen or an unreadable time', () => {
    expect(relativeTimeText(null, NOW, 'en')).toBeNull();
    expect(relativeTimeText('not a time', NOW, 'en')).toBeNull();
  });

  it('gives the absolute time for the tooltip, and the raw text when unreadable', () => {
    expect(absoluteTimeText('2025-06-01T12:00:00Z', 'en')).toMatch(/2025/);
    expect(absoluteTimeText('garbage', 'en')).toBe('garbage');
  });
});

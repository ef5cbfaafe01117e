import { describe, expect, it } from 'vitest';
import {
  customRangeProblem,
  DEFAULT_DETAIL_RANGE,
  defaultCustomRange,
  localInputOf,
  msOfLocalInput,
  queryRangeOf,
  rangeExtentAt,
  rangeFromSearch,
  refreshFromSearch,
  searchWithRange,
  searchWithRefresh,
} from '../../../src/client/features/detail/detail-range.js';
import { QueryRange } from '../../../src/shared/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);

describe('range picker → QueryRange', () => {
  it('asks for the quick ranges by hours, which the server measures up to its own now', () => {
    for (const hours of [1, 2, 3, 6, 12, 168] as const) {
      const range = queryRangeOf({ kind: 'hours', hours });
      expect(range).toEqual({ hours });
      expect(QueryRange.safeParse(range).success).toBe(true);
    }
  });

  it('asks for a custom range by its from and to, which the shared schema accepts', () => {
    const range = queryRangeOf({ kind: 'custom', from: NOW - 3 * DAY, to: NOW });
    expect(range).toEqual({ from: NOW - 3 * DAY, to: NOW });
    expect(QueryRange.safeParse(range).success).toBe(true);
  });

  it('refuses a custom range that is incomplete, backwards or longer than 31 days', () => {
    expect(customRangeProblem(null, NOW)).toBe('missing');
    expect(customRangeProblem(NOW, null)).toBe('missing');
    expect(customRangeProblem(NOW, NOW)).toBe('order');
    expect(customRangeProblem(NOW, NOW - HOUR)).toBe('order');
    expect(customRangeProblem(NOW - 31 * DAY - 60_000, NOW)).toBe('tooLong');
    expect(customRangeProblem(NOW - 31 * DAY, NOW)).toBeNull();
    expect(customRangeProblem(NOW - HOUR, NOW)).toBeNull();
  });

  it('spans the chart over the chosen range', () => {
    expect(rangeExtentAt({ kind: 'hours', hours: 6 }, NOW)).toEqual({ from: NOW - 6 * HOUR, to: NOW });
    expect(rangeExtentAt({ kind: 'custom', from: 1, to: 2 }, NOW)).toEqual({ from: 1, to: 2 });
  });
});

describe('range and auto-refresh in the URL', () => {
  it('keeps a quick range and a custom range through the URL, with other parameters left alone', () => {
    const base = new URLSearchParams('keep=1');
    const quick = searchWithRange(base, { kind: 'hours', hours: 12 });
    expect(quick.get('keep')).toBe('1');
    expect(rangeFromSearch(quick)).toEqual({ kind: 'hours', hours: 12 });
    const custom = searchWithRange(quick, { kind: 'custom', from: NOW - DAY, to: NOW });
    expect(rangeFromSearch(custom)).toEqual({ kind: 'custom', from: NOW - DAY, to: NOW });
    const backToQuick = searchWithRange(custom, { kind: 'hours', hours: 168 });
    expect(backToQuick.has('from')).toBe(false);
    expect(rangeFromSearch(backToQuick)).toEqual({ kind: 'hours', hours: 168 });
  });

  it('falls back to the last hour for a range it cannot use', () => {
    for (const search of ['', 'range=5h', 'range=custom', `range=custom&from=${NOW}&to=${NOW - 1}`, `range=custom&from=0&to=${40 * DAY}`, 'range=custom&from=a&to=b']) {
      expect(rangeFromSearch(new URLSearchParams(search)), search).toEqual(DEFAULT_DETAIL_RANGE);
    }
  });

  it('offers auto-refresh off, 30 s, 1 min and 5 min, off by default', () => {
    expect(refreshFromSearch(new URLSearchParams(''))).toBe(0);
    expect(refreshFromSearch(new URLSearchParams('refresh=45'))).toBe(0);
    for (const seconds of [30, 60, 300] as const) {
      const params = searchWithRefresh(new URLSearchParams('range=6h'), seconds);
      expect(refreshFromSearch(params)).toBe(seconds);
      expect(params.get('range')).toBe('6h');
    }
    expect(searchWithRefresh(new URLSearchParams('refresh=30'), 0).has('refresh')).toBe(false);
  });
});

describe('custom range inputs', () => {
  it('reads back what a datetime-local input shows, to the minute', () => {
    const minute = Math.floor(NOW / 60_000) * 60_000;
    expect(localInputOf(minute)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(msOfLocalInput(localInputOf(minute))).toBe(minute);
  });

  it('reads nothing from an empty or impossible value', () => {
    expect(msOfLocalInput('')).toBeNull();
    expect(msOfLocalInput('2026-02-30T10:00')).toBeNull();
    expect(msOfLocalInput('yesterday')).toBeNull();
  });

  it('starts the form at the last 24 hours up to the current minute', () => {
    const range = defaultCustomRange(NOW + 42_000);
    expect(range).toEqual({ from: NOW - DAY, to: NOW });
    expect(customRangeProblem(range.from, range.to)).toBeNull();
  });
});

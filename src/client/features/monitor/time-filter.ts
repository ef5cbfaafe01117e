import { TIME_FILTER_HOURS, TIME_RANGE_UNITS } from '../../../shared/index.js';

export type QuickHours = (typeof TIME_FILTER_HOURS)[number];
export type RangeUnit = (typeof TIME_RANGE_UNITS)[number];

/**
 * The list's time filter: one of the quick ranges (the last 1, 2, 3, 6, 12 hours or 7 days, which
 * the server measures up to its own now), or "the last n months/weeks/days/hours", which the
 * console turns into from-to when it asks.
 */
export type TimeFilter = { kind: 'hours'; hours: QuickHours } | { kind: 'last'; count: number; unit: RangeUnit };

export const DEFAULT_TIME_FILTER: TimeFilter = { kind: 'hours', hours: 1 };

/** Longest "last n" per unit: hour rollups are kept about a year, so no range reaches past that. */
export const LAST_COUNT_MAX: Readonly<Record<RangeUnit, number>> = { month: 12, week: 52, day: 365, hour: 720 };

const HOUR_MS = 3_600_000;
const UNIT_MS: Readonly<Record<Exclude<RangeUnit, 'month'>, number>> = { week: 7 * 24 * HOUR_MS, day: 24 * HOUR_MS, hour: HOUR_MS };

/** A "last n" count kept within 1 and its unit's maximum (whole numbers only). */
export function clampCount(count: number, unit: RangeUnit): number {
  if (!Number.isFinite(count)) return 1;
  return Math.min(LAST_COUNT_MAX[unit], Math.max(1, Math.floor(count)));
}

/** The filter as one URL word: `6h`, or `3-week` for the last 3 weeks. */
export function timeFilterToken(filter: TimeFilter): string {
  return filter.kind === 'hours' ? `${filter.hours}h` : `${filter.count}-${filter.unit}`;
}

/** Reads a URL word back; anything else is undefined (the caller falls back to the default). */
export function timeFilterFromToken(raw: string | null): TimeFilter | undefined {
  if (raw === null) return undefined;
  const quick = /^(\d+)h$/.exec(raw);
  if (quick) {
    const hours = TIME_FILTER_HOURS.find((value) => String(value) === quick[1]);
    return hours === undefined ? undefined : { kind: 'hours', hours };
  }
  const last = /^(\d+)-([a-z]+)$/.exec(raw);
  const unit = TIME_RANGE_UNITS.find((value) => value === last?.[2]);
  if (!last || unit === undefined) return undefined;
  const count = Number(last[1]);
  return count >= 1 && count <= LAST_COUNT_MAX[unit] ? { kind: 'last', count, unit } : undefined;
}

/** The same wall-clock time `months` calendar months before, on the month's last day when the day is missing. */
export function monthsBefore(now: number, months: number): number {
  const date = new Date(now);
  const day = date.getDate();
  date.setDate(1);
  date.setMonth(date.getMonth() - months);
  const daysInMonth = new Date(date.getFullYear(), date.getMonth() + 1, 0).getDate();
  date.setDate(Math.min(day, daysInMonth));
  return date.getTime();
}

/** What /domain/list takes for the filter at `now`: `hours`, or `from`-`to` in epoch ms. */
export function rangeOf(filter: TimeFilter, now: number): { hours: QuickHours } | { from: number; to: number } {
  if (filter.kind === 'hours') return { hours: filter.hours };
  const from = filter.unit === 'month' ? monthsBefore(now, filter.count) : now - filter.count * UNIT_MS[filter.unit];
  return { from, to: now };
}

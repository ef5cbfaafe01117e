import { QUERY_RANGE_MAX_DAYS, QueryRange, TIME_FILTER_HOURS } from '../../../shared/index.js';

export type QuickHours = (typeof TIME_FILTER_HOURS)[number];

/**
 * The range the detail screen covers: the last 1, 2, 3, 6, 12 hours or 7 days (measured by the
 * server up to its own now, so auto-refresh moves the window), or a fixed from-to of at most 31 days.
 */
export type DetailRange = { kind: 'hours'; hours: QuickHours } | { kind: 'custom'; from: number; to: number };

export const DEFAULT_DETAIL_RANGE: DetailRange = { kind: 'hours', hours: 1 };

/** Auto-refresh of the detail screen, in seconds; 0 is off. */
export const DETAIL_REFRESH_SECONDS = [0, 30, 60, 300] as const;
export type DetailRefresh = (typeof DETAIL_REFRESH_SECONDS)[number];

const HOUR_MS = 3_600_000;
export const CUSTOM_RANGE_MAX_MS = QUERY_RANGE_MAX_DAYS * 24 * HOUR_MS;

/** What the detail calls take for the range. */
export function queryRangeOf(range: DetailRange): QueryRange {
  return range.kind === 'hours' ? { hours: range.hours } : { from: range.from, to: range.to };
}

export type CustomRangeProblem = 'missing' | 'order' | 'tooLong';

/** Why a from-to cannot be asked for, judged by the shared schema the server validates with; null when it can. */
export function customRangeProblem(from: number | null, to: number | null): CustomRangeProblem | null {
  if (from === null || to === null || !Number.isFinite(from) || !Number.isFinite(to)) return 'missing';
  if (!(to > from)) return 'order';
  const parsed = QueryRange.safeParse({ from, to });
  if (parsed.success) return null;
  return parsed.error.issues.some((issue) => issue.message === '10010003') ? 'tooLong' : 'missing';
}

/** The x extent of the chart for the range at `now` (the server's answer gives the exact one). */
export function rangeExtentAt(range: DetailRange, now: number): { from: number; to: number } {
  return range.kind === 'hours' ? { from: now - range.hours * HOUR_MS, to: now } : { from: range.from, to: range.to };
}

const RANGE_PARAM = 'range';
const FROM_PARAM = 'from';
const TO_PARAM = 'to';
const REFRESH_PARAM = 'refresh';
const CUSTOM_TOKEN = 'custom';

/** The range from the screen's URL (`range=6h`, or `range=custom&from=…&to=…` in epoch ms); the default when unreadable. */
export function rangeFromSearch(params: URLSearchParams): DetailRange {
  const token = params.get(RANGE_PARAM);
  if (token === CUSTOM_TOKEN) {
    const from = Number(params.get(FROM_PARAM) ?? Number.NaN);
    const to = Number(params.get(TO_PARAM) ?? Number.NaN);
    return Number.isInteger(from) && Number.isInteger(to) && customRangeProblem(from, to) === null ? { kind: 'custom', from, to } : DEFAULT_DETAIL_RANGE;
  }
  const hours = TIME_FILTER_HOURS.find((value) => token === `${value}h`);
  return hours === undefined ? DEFAULT_DETAIL_RANGE : { kind: 'hours', hours };
}

/** The URL with the range written in (other parameters kept). */
export function searchWithRange(params: URLSearchParams, range: DetailRange): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(FROM_PARAM);
  next.delete(TO_PARAM);
  if (range.kind === 'hours') {
    next.set(RANGE_PARAM, `${range.hours}h`);
    return next;
  }
  next.set(RANGE_PARAM, CUSTOM_TOKEN);
  next.set(FROM_PARAM, String(range.from));
  next.set(TO_PARAM, String(range.to));
  return next;
}

export function refreshFromSearch(params: URLSearchParams): DetailRefresh {
  const raw = params.get(REFRESH_PARAM);
  return DETAIL_REFRESH_SECONDS.find((seconds) => String(seconds) === raw) ?? 0;
}

export function searchWithRefresh(params: URLSearchParams, refresh: DetailRefresh): URLSearchParams {
  const next = new URLSearchParams(params);
  if (refresh === 0) next.delete(REFRESH_PARAM);
  else next.set(REFRESH_PARAM, String(refresh));
  return next;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as a datetime-local input shows it: `YYYY-MM-DDTHH:mm` in the browser's time zone. */
export function localInputOf(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value back to epoch ms (local time); null when empty or unreadable. */
export function msOfLocalInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(year, month - 1, day, hours, minutes);
  return date.getMonth() === month - 1 && date.getDate() === day ? date.getTime() : null;
}

/** The custom form's starting values: the last 24 hours up to the current minute. */
export function defaultCustomRange(now: number): { from: number; to: number } {
  const to = Math.floor(now / 60_000) * 60_000;
  return { from: to - 24 * HOUR_MS, to };
}

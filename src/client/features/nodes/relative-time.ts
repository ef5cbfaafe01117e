export interface RelativeTime {
  /** Negative: in the past, as Intl.RelativeTimeFormat expects. */
  value: number;
  unit: Intl.RelativeTimeFormatUnit;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The largest whole unit under each bound, so "59 minutes ago" then "1 hour ago". */
const STEPS: readonly { below: number; size: number; unit: Intl.RelativeTimeFormatUnit }[] = [
  { below: MINUTE, size: SECOND, unit: 'second' },
  { below: HOUR, size: MINUTE, unit: 'minute' },
  { below: DAY, size: HOUR, unit: 'hour' },
  { below: 30 * DAY, size: DAY, unit: 'day' },
  { below: 365 * DAY, size: 30 * DAY, unit: 'month' },
];

/** How long ago `thenMs` was at `nowMs`; a time slightly ahead (clock skew) counts as now. */
export function relativeTimeOf(thenMs: number, nowMs: number): RelativeTime {
  const elapsed = Math.max(0, nowMs - thenMs);
  const step = STEPS.find((candidate) => elapsed < candidate.below);
  if (!step) return { value: -Math.floor(elapsed / (365 * DAY)), unit: 'year' };
  const count = Math.floor(elapsed / step.size);
  return { value: count === 0 ? 0 : -count, unit: step.unit };
}

/** "2 分鐘前", "2 minutes ago"…; null for a missing or unreadable time. */
export function relativeTimeText(iso: string | null, nowMs: number, locale: string): string | null {
  if (iso === null) return null;
  const thenMs = Date.parse(iso);
  if (Number.isNaN(thenMs)) return null;
  const { value, unit } = relativeTimeOf(thenMs, nowMs);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(value, unit);
}

/** The absolute time for a tooltip, in the user's language and time zone. */
export function absoluteTimeText(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}

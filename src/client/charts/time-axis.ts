/**
 * Time on a linear axis without a date adapter: x values are epoch ms; ticks fall on round local
 * times (whole minutes, hours, local midnights) and are labelled with the browser's Intl formats.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Tick spacings to choose from, smallest first. */
const STEPS = [
  MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE,
  HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR,
  DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, 60 * DAY, 90 * DAY, 180 * DAY,
];

/** The smallest step that keeps the ticks of `min…max` at most `maxTicks`. */
export function tickStepFor(min: number, max: number, maxTicks: number): number {
  const span = Math.max(max - min, 0);
  return STEPS.find((step) => span / step <= Math.max(maxTicks, 1)) ?? STEPS[STEPS.length - 1] ?? DAY;
}

function startOfLocalDay(at: number): number {
  return new Date(at).setHours(0, 0, 0, 0);
}

/** The next local midnight; days are 23 or 25 hours long when clocks change. */
function nextLocalDay(day: number): number {
  return startOfLocalDay(day + DAY + 2 * HOUR);
}

function sameDayTicks(min: number, max: number, step: number): number[] {
  const ticks: number[] = [];
  for (let day = startOfLocalDay(min); day <= max; day = nextLocalDay(day)) {
    const end = nextLocalDay(day);
    for (let at = day; at < end && at <= max; at += step) if (at >= min) ticks.push(at);
  }
  return ticks;
}

function dayTicks(min: number, max: number, step: number): number[] {
  const everyDays = Math.round(step / DAY);
  const ticks: number[] = [];
  let index = 0;
  for (let day = startOfLocalDay(min); day <= max; day = nextLocalDay(day)) {
    if (day >= min && index % everyDays === 0) ticks.push(day);
    if (day >= min) index += 1;
  }
  return ticks;
}

export interface TimeTicks {
  step: number;
  values: number[];
}

/** Tick values for an epoch-ms range: round local times, at most about `maxTicks` of them. */
export function timeTicks(min: number, max: number, maxTicks = 8): TimeTicks {
  if (!Number.isFinite(min) || !Number.isFinite(max) || max < min) return { step: HOUR, values: [] };
  const step = tickStepFor(min, max, maxTicks);
  return { step, values: step < DAY ? sameDayTicks(min, max, step) : dayTicks(min, max, step) };
}

export interface TimeFormats {
  time: Intl.DateTimeFormat;
  date: Intl.DateTimeFormat;
  full: Intl.DateTimeFormat;
}

export function timeFormats(locale: string): TimeFormats {
  return {
    time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    date: new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric' }),
    full: new Intl.DateTimeFormat(locale, {
      year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    }),
  };
}

/** A tick's label: the date at local midnight or for day steps, else the time of day. */
export function formatTimeTick(value: number, step: number, formats: TimeFormats): string {
  const date = new Date(value);
  if (step >= DAY || (date.getHours() === 0 && date.getMinutes() === 0)) return formats.date.format(date);
  return formats.time.format(date);
}

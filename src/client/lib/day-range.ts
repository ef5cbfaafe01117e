/** A filter of calendar days kept in the URL (`from`, `to`, both yyyy-mm-dd, both included; '' when not given). */
export interface DayRange {
  /** Calendar days (yyyy-mm-dd) in the browser's time zone, both included. */
  fromDay: string;
  toDay: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (raw: string | null) => (raw !== null && DAY.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : '');

/** The days of `from` and `to`; a malformed or impossible day reads as not given. */
export function dayRangeOf(params: URLSearchParams): DayRange {
  return { fromDay: dayOf(params.get('from')), toDay: dayOf(params.get('to')) };
}

/** Writes the days given into `params` (days not given are left out). */
export function setDayRangeParams(params: URLSearchParams, range: DayRange): void {
  if (range.fromDay !== '') params.set('from', range.fromDay);
  if (range.toDay !== '') params.set('to', range.toDay);
}

/** Local midnight of a yyyy-mm-dd day, `plusDays` later, in epoch ms. */
function localMidnight(day: string, plusDays = 0): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + plusDays).getTime();
}

/** The days as the calls take them: [from's midnight, the midnight after `to`), each only when given. */
export function dayRangeBounds(range: DayRange): { from?: number; to?: number } {
  const bounds: { from?: number; to?: number } = {};
  if (range.fromDay !== '') bounds.from = localMidnight(range.fromDay);
  if (range.toDay !== '') bounds.to = localMidnight(range.toDay, 1);
  return bounds;
}

/** A days range that ends before it starts: nothing is asked, the filter says why. */
export const daysReversed = (range: DayRange) => range.fromDay !== '' && range.toDay !== '' && range.toDay < range.fromDay;

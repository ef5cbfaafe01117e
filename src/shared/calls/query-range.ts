import { z } from 'zod';
import { TIME_FILTER_HOURS } from '../constants.js';
import { epochMsRule } from '../validation/rules.js';

/**
 * The time range a read covers, as the console's time filters choose it: the last `hours`
 * (1, 2, 3, 6, 12 or 168) up to now, or `from`-`to` in epoch ms for the "last n
 * months/weeks/days/hours" ranges (at most 31 days). Exactly one of the two forms: both is
 * `hours` 10010001, neither is `hours` 10010002, half a pair is the missing end 10010002, a span
 * over 31 days is `to` 10010003, an end outside `epochMsRule` (1970 to year 9999) is that end
 * 10010003. `to` not after `from` is 2121, answered by the server.
 */

export const QUERY_RANGE_MAX_DAYS = 31;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export const QueryRange = z
  .strictObject({
    hours: z.literal(TIME_FILTER_HOURS).optional(),
    /** Epoch ms, inclusive. */
    from: epochMsRule.optional(),
    /** Epoch ms, exclusive. */
    to: epochMsRule.optional(),
  })
  .superRefine((range, ctx) => {
    const hasFrom = range.from !== undefined;
    const hasTo = range.to !== undefined;
    if (range.hours !== undefined && (hasFrom || hasTo)) ctx.addIssue({ code: 'custom', path: ['hours'], message: '10010001' });
    else if (range.hours === undefined && !hasFrom && !hasTo) ctx.addIssue({ code: 'custom', path: ['hours'], message: '10010002' });
    if (hasFrom && !hasTo) ctx.addIssue({ code: 'custom', path: ['to'], message: '10010002' });
    if (hasTo && !hasFrom) ctx.addIssue({ code: 'custom', path: ['from'], message: '10010002' });
    if (range.from !== undefined && range.to !== undefined && range.to - range.from > QUERY_RANGE_MAX_DAYS * DAY_MS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: '10010003', params: { max: QUERY_RANGE_MAX_DAYS } });
    }
  });
export type QueryRange = z.input<typeof QueryRange>;

/** [from, to) in epoch ms: the last `hours` up to `now`, or the range as given. */
export function resolveQueryRange(range: z.output<typeof QueryRange>, now: number): { from: number; to: number } {
  if (range.from !== undefined && range.to !== undefined) return { from: range.from, to: range.to };
  return { from: now - (range.hours ?? 1) * HOUR_MS, to: now };
}

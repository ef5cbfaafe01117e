import type { InboxItem } from '../../../shared/calls/inbox.js';

const MS = { day: 86_400_000, hour: 3_600_000, minute: 60_000, second: 1000 };

/** A span as an inbox item's elapsed time (day, hour, minute, second, ms). */
export function elapsedOf(ms: number): NonNullable<InboxItem['data']['elapsedTime']> {
  const span = Math.max(0, ms);
  return {
    day: Math.floor(span / MS.day),
    hour: Math.floor((span % MS.day) / MS.hour),
    minute: Math.floor((span % MS.hour) / MS.minute),
    second: Math.floor((span % MS.minute) / MS.second),
    ms: span % MS.second,
  };
}

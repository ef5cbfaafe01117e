import type { ImportProgress } from '../../../shared/calls/domain-import.js';
import type { Translate } from '../../lib/error-text.js';
import { numberText } from '../../lib/number-text.js';
import { percentText } from './percent-text.js';

export { boundedPercent, percentText } from './percent-text.js';

/** The parts of an elapsed time the server counts (§3 inbox item: day, hour, minute, second, ms). */
export interface ElapsedParts {
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

const UNITS = ['day', 'hour', 'minute', 'second', 'ms'] as const;

/**
 * An elapsed time as its non-zero parts, largest first ("1 h 2 min 3 s"); milliseconds only under
 * a minute, where they still tell something; "0 s" when nothing elapsed.
 */
export function elapsedText(elapsed: ElapsedParts, t: Translate): string {
  const longerThanMinute = elapsed.day > 0 || elapsed.hour > 0 || elapsed.minute > 0;
  const parts = UNITS.filter((unit) => elapsed[unit] > 0 && !(unit === 'ms' && longerThanMinute)).map((unit) =>
    t(`import:screen.elapsed.${unit}`, { value: elapsed[unit] }),
  );
  return parts.length > 0 ? parts.join(' ') : t('import:screen.elapsed.second', { value: 0 });
}

/** The progress figures as the screen shows them. */
export interface ProgressTexts {
  percent: string;
  counts: string;
  success: string;
  fail: string;
}

export function progressTexts(progress: ImportProgress, t: Translate): ProgressTexts {
  return {
    percent: t('import:screen.progress.percent', { percent: percentText(progress.percent) }),
    counts: t('import:screen.progress.counts', { processed: numberText(progress.processed), total: numberText(progress.total) }),
    success: t('import:screen.progress.success', { value: numberText(progress.success) }),
    fail: t('import:screen.progress.fail', { value: numberText(progress.fail) }),
  };
}

/** A server time as the user's clock shows it; the text itself when it is no time. */
export function endTimeText(endtime: string, locale: string): string {
  const time = new Date(endtime);
  if (Number.isNaN(time.getTime())) return endtime;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(time);
}

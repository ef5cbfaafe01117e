import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionProblem, type ConnectionProblem } from '../../lib/offline/connection.js';
import { shownDataTimeOf } from '../../lib/offline/shown-data-time.js';
import { shownTimeText } from './shown-time-text.js';

/** When the persisted data the screen shows was fetched (null: it shows none). */
function useShownDataTime(): number | null {
  const queryCache = useQueryClient().getQueryCache();
  const subscribe = useCallback((listener: () => void) => queryCache.subscribe(listener), [queryCache]);
  const snapshot = () => shownDataTimeOf(queryCache.getAll());
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * Offline, or the server out of reach: the screen shows last-known data, of the time said here, and
 * changes wait for a connection. It goes as soon as the server answers again. Without a problem it
 * reads nothing more: a cold start draws its first screen without following the query cache or
 * making a date format (the first of a page costs 10-25 ms).
 *
 * The notice is a bar fixed at the bottom of the window, so its coming and going never moves the
 * screen (the painted picture of a cold start has no notice: a notice above the list pushed React's
 * rows 36 px below the picture's). An invisible copy in the page's flow, placed last in the layout,
 * keeps the end of the page scrollable above the bar at any width.
 */
export function OfflineBanner() {
  const problem = useConnectionProblem();
  return <div role="status" aria-live="polite">{problem && <ProblemNotice problem={problem} />}</div>;
}

const BAR = 'flex flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 text-sm sm:px-6';

function ProblemNotice({ problem }: { problem: NonNullable<ConnectionProblem> }) {
  const { t, i18n } = useTranslation();
  const shownAt = useShownDataTime();
  // Only to tell today's data from older data: the time the notice appeared is close enough.
  const [openedAt] = useState(Date.now);
  const time = shownAt === null ? null : shownTimeText(shownAt, openedAt, i18n.language);
  const words = (
    <>
      <span className="font-semibold">{time ? t(`offline.${problem}At`, { time }) : t(`offline.${problem}Nothing`)}</span>
      <span>{t('offline.changesWait')}</span>
    </>
  );
  return (
    <>
      <p data-picture-skip="" data-offline-banner={problem} className={`${BAR} fixed inset-x-0 bottom-0 z-40 border-t border-amber-300 bg-amber-100 text-amber-950 shadow-lg`}>
        {words}
      </p>
      <p data-picture-skip="" aria-hidden="true" className={`${BAR} invisible`}>
        {words}
      </p>
    </>
  );
}

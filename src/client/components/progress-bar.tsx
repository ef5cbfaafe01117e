import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { inFlight } from '../lib/in-flight.js';

/** A thin bar at the top while non-silent calls are in flight. */
export function ProgressBar() {
  const { t } = useTranslation();
  const busy = useSyncExternalStore(inFlight.subscribe, inFlight.get) > 0;
  if (!busy) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('progress.loading')}
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-brand-100"
    >
      <div className="progress-indeterminate h-full w-1/3 bg-brand-600" />
    </div>
  );
}

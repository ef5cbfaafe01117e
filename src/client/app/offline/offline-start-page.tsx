import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { wantProbe } from '../../lib/offline/connection.js';

/** Signed in, but neither the server nor this device can say who: nothing to show until online. */
export function OfflineStartPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{t('offline.startTitle')}</h1>
      <p className="text-sm text-slate-600">{t('offline.startText')}</p>
      <Button
        variant="secondary"
        onClick={() => {
          // A waiting load goes on once the server answers: ask it now rather than at the next round.
          wantProbe();
          onRetry();
        }}
        className="min-h-11"
      >
        {t('retry')}
      </Button>
    </div>
  );
}

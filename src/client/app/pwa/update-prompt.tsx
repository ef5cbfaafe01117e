import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { updateStore } from './update-state.js';

/**
 * A non-blocking notice at the bottom when a new version is ready: Reload takes it (the page
 * reloads once the new service worker controls it), Later hides the notice until the next offer.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot, updateStore.getSnapshot);
  if (state.kind === 'none') return null;
  return (
    <div
      data-picture-skip=""
      role="status"
      aria-live="polite"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-lg sm:inset-x-auto sm:right-4"
    >
      <p className="min-w-0 flex-1 text-sm text-slate-800">{t('pwa.updateReady')}</p>
      <div className="flex gap-2">
        <Button variant="secondary" className="min-h-11" onClick={updateStore.dismiss}>
          {t('pwa.later')}
        </Button>
        <Button className="min-h-11" onClick={state.accept}>
          {t('pwa.reload')}
        </Button>
      </div>
    </div>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkButton } from '../../../components/button.js';
import { SUBSCRIBE_WAIT_MS } from '../device-subscription.js';
import { usePushControl, type PushFailure } from '../use-push-control.js';

const BUTTON = 'mt-2 min-h-11 w-full';

const FAILURE_TEXTS: Record<PushFailure, string> = {
  enable: 'push:control.failed',
  noPushService: 'push:control.noPushService',
  disable: 'push:control.failedOff',
};

/**
 * "Notify me on this device": explains first, asks the browser's permission only when pressed,
 * and says why when this device cannot have notifications.
 */
export function PushControl() {
  const { t } = useTranslation();
  const headingId = useId();
  const { state, busy, failed, enable, disable } = usePushControl();
  if (state.kind === 'hidden') return null;
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 px-4 py-3">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('push:control.heading')}
      </h3>
      {state.kind === 'unavailable' && <p className="mt-1 text-sm text-slate-600">{t(`push:unavailable.${state.reason}`)}</p>}
      {state.kind === 'checking' && <p className="mt-1 text-sm text-slate-500">{t('push:control.working')}</p>}
      {state.kind === 'off' && (
        <>
          <p className="mt-1 text-sm text-slate-600">{t('push:control.explain')}</p>
          <NetworkButton className={BUTTON} disabled={busy} onClick={enable}>
            {busy ? t('push:control.working') : t('push:control.enable')}
          </NetworkButton>
        </>
      )}
      {state.kind === 'on' && (
        <>
          <p className="mt-1 text-sm text-slate-600">{t('push:control.on')}</p>
          <NetworkButton variant="secondary" className={BUTTON} disabled={busy} onClick={disable}>
            {busy ? t('push:control.working') : t('push:control.disable')}
          </NetworkButton>
        </>
      )}
      {failed && (
        <p role="alert" className="mt-2 text-sm text-status-error">
          {t(FAILURE_TEXTS[failed], { seconds: SUBSCRIBE_WAIT_MS / 1000 })}
        </p>
      )}
    </section>
  );
}

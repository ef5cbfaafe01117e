import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { useSignOut, wakeSession } from '../../features/auth/index.js';
import { useIdleWatch } from './use-idle-watch.js';

function wake(): void {
  // A failed wake-up shows its own notification (or the 401 path); nothing more to do here.
  wakeSession().catch(() => undefined);
}

/** Watches for inactivity and shows the countdown dialog (§4). */
export function IdleWatch({ idleSeconds }: { idleSeconds: number }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const onTimeout = useCallback(() => void signOut(), [signOut]);
  const { secondsLeft, stay } = useIdleWatch({ idleSeconds, wake, onTimeout });
  const open = secondsLeft !== null && secondsLeft > 0;
  return (
    <Dialog open={open} onClose={stay} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <DialogPanel data-idle-dialog className="relative w-full max-w-sm rounded-xl bg-white p-6 shadow-xl">
        <DialogTitle className="text-lg font-semibold text-slate-900">{t('idle.title')}</DialogTitle>
        <Description className="mt-2 text-sm text-slate-700">{t('idle.countdown', { seconds: secondsLeft ?? 0 })}</Description>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onTimeout}>
            {t('idle.signOutNow')}
          </Button>
          <Button onClick={stay} autoFocus>
            {t('idle.stay')}
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}

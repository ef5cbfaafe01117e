import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.js';
import { dismissNotification, getNoticeState, subscribeNotices, type Notice } from './notification-store.js';

function NotificationItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const tone =
    notice.kind === 'error' ? 'border-status-error bg-white text-slate-900' : 'border-status-normal bg-white text-slate-900';
  return (
    <div role="alert" className={`pointer-events-auto flex items-start gap-3 rounded-md border-l-4 p-3 shadow-lg ${tone}`}>
      <p className="flex-1 text-sm break-words">{notice.text}</p>
      <button
        type="button"
        onClick={() => dismissNotification(notice.id)}
        aria-label={t('notifications.dismiss')}
        className="focus-ring rounded p-1 text-slate-500 hover:text-slate-900"
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/** Top-right stack of notifications (§8) and the bottom snackbar. */
export function Notifications() {
  const { t } = useTranslation();
  const { notifications, snackbar } = useSyncExternalStore(subscribeNotices, getNoticeState);
  return (
    <>
      <section
        aria-label={t('notifications.label')}
        className="pointer-events-none fixed top-3 right-3 left-3 z-50 flex flex-col items-stretch gap-2 sm:left-auto sm:w-96"
      >
        {notifications.map((notice) => (
          <NotificationItem key={notice.id} notice={notice} />
        ))}
      </section>
      <div role="status" aria-live="polite" className="fixed bottom-4 left-1/2 z-50 -translate-x-1/2">
        {snackbar && (
          <p className="rounded-md bg-slate-900 px-4 py-2 text-sm text-white shadow-lg">{snackbar.text}</p>
        )}
      </div>
    </>
  );
}

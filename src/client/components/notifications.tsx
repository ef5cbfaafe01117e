import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
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

/** Space between the top bar (or the window's top) and the first notice, in px. */
const NOTICE_GAP = 12;

/** The page's top bar (`data-top-bar`): notices start below it, so its bell, menus and language switch stay usable. */
const TOP_BAR = '[data-top-bar]';

/** Where the notices start: below the top bar while it shows, at the window's top once it scrolled away. */
export function noticesTopOf(topBarBottom: number | null): number {
  return Math.max(topBarBottom ?? 0, 0) + NOTICE_GAP;
}

function useNoticesTop(showing: boolean): number {
  const [top, setTop] = useState(() => noticesTopOf(null));
  useLayoutEffect(() => {
    if (!showing) return undefined;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const bar = document.querySelector(TOP_BAR);
      setTop(noticesTopOf(bar ? bar.getBoundingClientRect().bottom : null));
    };
    const soon = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    // While notices show, the bar may arrive (a new screen), grow (the phone menu) or scroll away.
    const changes = new MutationObserver(soon);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', soon, { passive: true });
    window.addEventListener('resize', soon);
    return () => {
      changes.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', soon);
      window.removeEventListener('resize', soon);
    };
  }, [showing]);
  return top;
}

/** Top-right stack of notifications (§8), below the top bar, and the bottom snackbar. */
export function Notifications() {
  const { t } = useTranslation();
  const { notifications, snackbar } = useSyncExternalStore(subscribeNotices, getNoticeState);
  const top = useNoticesTop(notifications.length > 0);
  return (
    <>
      <section
        aria-label={t('notifications.label')}
        style={{ top }}
        className="pointer-events-none fixed right-3 left-3 z-50 flex flex-col items-stretch gap-2 sm:left-auto sm:w-96"
      >
        {notifications.map((notice) => (
          <NotificationItem key={notice.id} notice={notice} />
        ))}
      </section>
      <div role="status" aria-live="polite" className="fixed bottom-4 left-1/2 z-50 -translate-x-1/2">
        {snackbar && (
          <p data-picture-skip="" className="rounded-md bg-slate-900 px-4 py-2 text-sm text-white shadow-lg">{snackbar.text}</p>
        )}
      </div>
    </>
  );
}

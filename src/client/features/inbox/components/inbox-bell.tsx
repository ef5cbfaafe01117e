import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BellIcon } from '../../../components/icons.js';
import { loadNamespaces } from '../../../lib/i18n.js';
import { usePopup } from '../../../lib/use-popup.js';
import { inboxListQuery } from '../api.js';
import { inboxTargetOf, withoutInboxTarget } from '../inbox-target.js';
import { useInboxPushRefresh } from '../use-inbox-push-refresh.js';
import { useMarkRead } from '../use-mark-read.js';
import type { EntryActions } from './inbox-entry.js';

const MAX_BADGE = 99;

// The panel's code and the messages' texts (push namespace) load when it first opens (precached,
// so offline too): the first screen shows only the bell and its count.
const InboxPanel = lazy(async () => {
  const [module] = await Promise.all([import('./inbox-panel.js'), loadNamespaces(['push'])]);
  return { default: module.InboxPanel };
});

/** Opens the panel once per `?inbox=<sno>`, and takes the parameter away when the panel closes. */
function useInboxTarget(open: boolean, show: () => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const target = inboxTargetOf(searchParams);
  const openedFor = useRef<string | null>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (target === null || openedFor.current === target) return;
    openedFor.current = target;
    show();
  }, [target, show]);
  useEffect(() => {
    if (wasOpen.current && !open && target !== null) setSearchParams((params) => withoutInboxTarget(params), { replace: true });
    wasOpen.current = open;
  }, [open, target, setSearchParams]);
  return target;
}

/**
 * The bell of the top bar: unread count and the newest messages, refreshed when a push arrives;
 * `?inbox=<sno>` opens it on that message. `footer` is what the app puts below the list (the
 * "notify me on this device" control). A disclosure: Escape, a press outside or focus leaving
 * closes it. Following an item marks it read and closes the panel; `readOnly` (an administrator
 * viewing a customer) reads without marking.
 */
export function InboxBell({ footer, readOnly = false }: { footer?: ReactNode; readOnly?: boolean }) {
  const { t } = useTranslation();
  useInboxPushRefresh();
  const { open, toggle, show, close, rootRef, buttonRef, panelRef, panelId } = usePopup();
  const { data, isSuccess } = useQuery(inboxListQuery());
  const target = useInboxTarget(open, show);
  const markRead = useMarkRead();
  const unread = data?.unread ?? 0;
  const actions: EntryActions = { readOnly, markRead: (sno) => markRead.mutate({ snos: [sno] }), onOpen: () => close() };
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('inbox.button', { count: unread })}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
        className="focus-ring relative rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <BellIcon />
        {unread > 0 && (
          <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-status-error px-1 text-center text-[11px] leading-5 font-semibold text-white">
            {unread > MAX_BADGE ? `${MAX_BADGE}+` : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          className="absolute top-full right-0 z-40 mt-1.5 w-[min(22rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          <Suspense fallback={<p className="px-4 py-6 text-center text-sm text-slate-500">{t('loading')}</p>}>
            <InboxPanel
              items={data?.list ?? []}
              unread={unread}
              target={isSuccess ? target : null}
              actions={actions}
              onMarkAll={() => markRead.mutate('all')}
              onClose={close}
              footer={footer}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}

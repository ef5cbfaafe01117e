import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { InboxItem } from '../../../../shared/index.js';
import { BellIcon } from '../../../components/icons.js';
import { INBOX_SCREEN_PATH } from '../../../lib/inbox-paths.js';
import { usePopup } from '../../../lib/use-popup.js';
import { inboxListQuery } from '../api.js';
import { inboxTargetOf, withoutInboxTarget } from '../inbox-target.js';
import { useInboxPushRefresh } from '../use-inbox-push-refresh.js';
import { useMarkRead } from '../use-mark-read.js';
import { InboxEntry, type EntryActions } from './inbox-entry.js';
import { MarkButton } from './mark-button.js';

const MAX_BADGE = 99;

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

function InboxList({ items, target, actions }: { items: InboxItem[]; target: string | null; actions: EntryActions }) {
  const { t } = useTranslation();
  const missing = target !== null && !items.some((item) => item.sno === target);
  return (
    <>
      {missing && <p className="border-b border-slate-100 px-4 py-2 text-xs text-slate-500">{t('push:inbox.notInList')}</p>}
      {items.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">{t('inbox.empty')}</p>
      ) : (
        <ul aria-label={t('inbox.title')} className="max-h-96 overflow-y-auto">
          {items.map((item) => (
            <InboxEntry key={item.sno} item={item} highlighted={item.sno === target} actions={actions} />
          ))}
        </ul>
      )}
    </>
  );
}

/** "Mark all read". */
function MarkAllRead({ onMark }: { onMark: () => void }) {
  const { t } = useTranslation();
  return <MarkButton onMark={onMark}>{t('inbox.markAllRead')}</MarkButton>;
}

/** The inbox screen, with every message, filters and each one's detail. */
function SeeAll({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="border-t border-slate-200 px-4 py-2 text-center">
      <Link to={INBOX_SCREEN_PATH} onClick={onOpen} className="focus-ring rounded px-1.5 py-0.5 text-sm font-medium text-brand-700 hover:underline">
        {t('inboxScreen.seeAll')}
      </Link>
    </div>
  );
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
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
            <h2 className="text-sm font-semibold text-slate-900">{t('inbox.title')}</h2>
            {!readOnly && unread > 0 && <MarkAllRead onMark={() => markRead.mutate('all')} />}
          </div>
          <InboxList items={data?.list ?? []} target={isSuccess ? target : null} actions={actions} />
          <SeeAll onOpen={close} />
          {footer}
        </div>
      )}
    </div>
  );
}

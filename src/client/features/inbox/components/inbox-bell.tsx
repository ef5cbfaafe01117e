import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { InboxItem } from '../../../../shared/index.js';
import { BellIcon } from '../../../components/icons.js';
import { usePopup } from '../../../lib/use-popup.js';
import { inboxListQuery } from '../api.js';
import { inboxTargetOf, withoutInboxTarget } from '../inbox-target.js';
import { useInboxPushRefresh } from '../use-inbox-push-refresh.js';

const MAX_BADGE = 99;

function InboxEntry({ item, highlighted }: { item: InboxItem; highlighted: boolean }) {
  const { t, i18n } = useTranslation();
  const created = new Date(item.createdAt);
  const bodyKey = item.title.endsWith('.title') ? `${item.title.slice(0, -'.title'.length)}.body` : null;
  const tone = highlighted ? 'ring-2 ring-inset ring-brand-500' : '';
  return (
    <li
      ref={highlighted ? (element) => element?.scrollIntoView({ block: 'nearest' }) : undefined}
      aria-current={highlighted ? 'true' : undefined}
      className={`border-b border-slate-100 px-4 py-3 last:border-0 ${item.read ? '' : 'bg-brand-50'} ${tone}`}
    >
      {highlighted && <p className="mb-1 text-xs font-medium text-brand-700">{t('push:inbox.highlighted')}</p>}
      <p className="text-sm font-medium text-slate-900">{t(item.title, { ...item.titleParams, defaultValue: item.title })}</p>
      {bodyKey !== null && i18n.exists(bodyKey) && <p className="mt-0.5 text-sm text-slate-600">{t(bodyKey, item.titleParams)}</p>}
      <p className="mt-1 flex justify-between gap-2 text-xs text-slate-500">
        <span>{t(`inbox.status.${item.status}`)}</span>
        {!Number.isNaN(created.getTime()) && <time dateTime={item.createdAt}>{created.toLocaleString(i18n.language)}</time>}
      </p>
    </li>
  );
}

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

function InboxList({ items, target }: { items: InboxItem[]; target: string | null }) {
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
            <InboxEntry key={item.sno} item={item} highlighted={item.sno === target} />
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The bell of the top bar: unread count and the newest messages, refreshed when a push arrives;
 * `?inbox=<sno>` opens it on that message. `footer` is what the app puts below the list (the
 * "notify me on this device" control). A disclosure: Escape, a press outside or focus leaving
 * closes it.
 */
export function InboxBell({ footer }: { footer?: ReactNode }) {
  const { t } = useTranslation();
  useInboxPushRefresh();
  const { open, toggle, show, rootRef, buttonRef, panelRef, panelId } = usePopup();
  const { data, isSuccess } = useQuery(inboxListQuery());
  const target = useInboxTarget(open, show);
  const unread = data?.unread ?? 0;
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
          <h2 className="border-b border-slate-200 px-4 py-2 text-sm font-semibold text-slate-900">{t('inbox.title')}</h2>
          <InboxList items={data?.list ?? []} target={isSuccess ? target : null} />
          {footer}
        </div>
      )}
    </div>
  );
}

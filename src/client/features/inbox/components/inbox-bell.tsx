import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InboxItem } from '../../../../shared/index.js';
import { BellIcon } from '../../../components/icons.js';
import { inboxListQuery } from '../api.js';

const MAX_BADGE = 99;

function InboxEntry({ item }: { item: InboxItem }) {
  const { t, i18n } = useTranslation();
  const created = new Date(item.createdAt);
  return (
    <li className={`border-b border-slate-100 px-4 py-3 last:border-0 ${item.read ? '' : 'bg-brand-50'}`}>
      <p className="text-sm font-medium text-slate-900">{t(item.title, { ...item.titleParams, defaultValue: item.title })}</p>
      <p className="mt-1 flex justify-between gap-2 text-xs text-slate-500">
        <span>{t(`inbox.status.${item.status}`)}</span>
        {!Number.isNaN(created.getTime()) && (
          <time dateTime={item.createdAt}>{created.toLocaleString(i18n.language)}</time>
        )}
      </p>
    </li>
  );
}

/** The bell of the top bar: unread count and the newest messages. */
export function InboxBell() {
  const { t } = useTranslation();
  const { data } = useQuery(inboxListQuery());
  const unread = data?.unread ?? 0;
  const items = data?.list ?? [];
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={t('inbox.button', { count: unread })}
        className="focus-ring relative rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <BellIcon />
        {unread > 0 && (
          <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-status-error px-1 text-center text-[11px] leading-5 font-semibold text-white">
            {unread > MAX_BADGE ? `${MAX_BADGE}+` : unread}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 6 }}
        className="z-40 w-[min(22rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white shadow-lg focus:outline-none"
      >
        <h2 className="border-b border-slate-200 px-4 py-2 text-sm font-semibold text-slate-900">{t('inbox.title')}</h2>
        {items.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">{t('inbox.empty')}</p>
        ) : (
          <ul aria-label={t('inbox.title')} className="max-h-96 overflow-y-auto">
            {items.map((item) => (
              <InboxEntry key={item.sno} item={item} />
            ))}
          </ul>
        )}
      </PopoverPanel>
    </Popover>
  );
}

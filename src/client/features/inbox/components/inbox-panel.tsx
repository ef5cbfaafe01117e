import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { InboxItem } from '../../../../shared/index.js';
import { INBOX_SCREEN_PATH } from '../../../lib/inbox-paths.js';
import { InboxEntry, type EntryActions } from './inbox-entry.js';
import { MarkButton } from './mark-button.js';

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
        {t('inbox.seeAll')}
      </Link>
    </div>
  );
}

export interface InboxPanelProps {
  items: InboxItem[];
  unread: number;
  /** The message `?inbox=<sno>` names, once the list has arrived. */
  target: string | null;
  actions: EntryActions;
  onMarkAll: () => void;
  onClose: () => void;
  footer?: ReactNode;
}

/** What the bell's panel shows: loaded with its first opening, with the inbox's texts (push namespace). */
export function InboxPanel({ items, unread, target, actions, onMarkAll, onClose, footer }: InboxPanelProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
        <h2 className="text-sm font-semibold text-slate-900">{t('inbox.title')}</h2>
        {!actions.readOnly && unread > 0 && <MarkAllRead onMark={onMarkAll} />}
      </div>
      <InboxList items={items} target={target} actions={actions} />
      <SeeAll onOpen={onClose} />
      <Suspense fallback={null}>{footer}</Suspense>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { InboxItem } from '../../../../shared/index.js';
import { useGatedControl } from '../../../components/button.js';
import { inboxItemPath } from '../inbox-links.js';
import { useItemText } from '../item-text.js';
import { MarkButton } from './mark-button.js';

export interface EntryActions {
  /** Administrator view: items open but stay unread. */
  readOnly: boolean;
  markRead: (sno: string) => void;
  /** An item was opened: the panel closes. */
  onOpen: () => void;
}

function EntryText({ item }: { item: InboxItem }) {
  const { t, i18n } = useTranslation();
  const { title, body } = useItemText(item);
  const created = new Date(item.createdAt);
  return (
    <>
      <span className={`flex items-start gap-2 text-sm text-slate-900 ${item.read ? '' : 'font-semibold'}`}>
        {!item.read && <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" />}
        <span>
          {!item.read && <span className="sr-only">{t('inbox.unread')} </span>}
          {title}
        </span>
      </span>
      {body !== null && <span className="mt-0.5 block text-sm text-slate-600">{body}</span>}
      <span className="mt-1 flex justify-between gap-2 text-xs text-slate-500">
        <span>{t(`inbox.status.${item.status}`)}</span>
        {!Number.isNaN(created.getTime()) && <time dateTime={item.createdAt}>{created.toLocaleString(i18n.language)}</time>}
      </span>
    </>
  );
}

/** "Mark read" for one item, named after it for screen readers. */
export function MarkReadButton({ item, markRead }: { item: InboxItem; markRead: (sno: string) => void }) {
  const { t } = useTranslation();
  const { title } = useItemText(item);
  return (
    <MarkButton label={t('inbox.markReadOf', { title })} onMark={() => markRead(item.sno)}>
      {t('inbox.markRead')}
    </MarkButton>
  );
}

/**
 * One message: unread ones stand out (a dot, bold, "unread" for screen readers). An item about a
 * task is a link to it; following it marks the item read when changes can be sent.
 */
export function InboxEntry({ item, highlighted, actions }: { item: InboxItem; highlighted: boolean; actions: EntryActions }) {
  const { t } = useTranslation();
  const gate = useGatedControl();
  const path = inboxItemPath(item);
  const canMark = !item.read && !actions.readOnly;
  const open = () => {
    if (canMark && !gate.blocked) actions.markRead(item.sno);
    actions.onOpen();
  };
  const tone = highlighted ? 'ring-2 ring-inset ring-brand-600' : '';
  return (
    <li
      ref={highlighted ? (element) => element?.scrollIntoView({ block: 'nearest' }) : undefined}
      aria-current={highlighted ? 'true' : undefined}
      data-inbox-sno={item.sno}
      data-read={item.read ? 'true' : 'false'}
      className={`flex items-start gap-2 border-b border-slate-100 px-4 py-3 last:border-0 ${item.read ? '' : 'bg-brand-50'} ${tone}`}
    >
      <div className="min-w-0 flex-1">
        {highlighted && <p className="mb-1 text-xs font-medium text-brand-700">{t('push:inbox.highlighted')}</p>}
        {path === null ? (
          <EntryText item={item} />
        ) : (
          <Link to={path} onClick={open} className="focus-ring -m-1 block rounded p-1 hover:bg-slate-100/60">
            <EntryText item={item} />
          </Link>
        )}
      </div>
      {canMark && <MarkReadButton item={item} markRead={actions.markRead} />}
    </li>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { InboxItem } from '../../../../../shared/index.js';
import { MarkReadButton } from '../../components/inbox-entry.js';
import { useItemText } from '../../item-text.js';
import { targetLinkOf } from '../item-facts.js';

export interface ScreenEntryActions {
  /** Administrator view: items open but stay unread. */
  readOnly: boolean;
  /** The detail pane's id, which each entry's "details" controls. */
  detailId: string;
  select: (item: InboxItem) => void;
  markRead: (sno: string) => void;
  /** A link to what the item is about was followed. */
  follow: (item: InboxItem) => void;
}

function EntryMeta({ item }: { item: InboxItem }) {
  const { t, i18n } = useTranslation();
  const created = new Date(item.createdAt);
  const typeKey = `inboxscreen:types.${item.type}`;
  return (
    <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
      {i18n.exists(typeKey) && <span>{t(typeKey)}</span>}
      <span>{t(`inbox.status.${item.status}`)}</span>
      {!Number.isNaN(created.getTime()) && <time dateTime={item.createdAt}>{created.toLocaleString(i18n.language)}</time>}
    </p>
  );
}

/**
 * One message of the screen: its title opens the detail (a disclosure of the pane beside or
 * above the list); unread ones stand out as in the bell; a link to what it is about.
 */
export function ScreenEntry({ item, selected, actions }: { item: InboxItem; selected: boolean; actions: ScreenEntryActions }) {
  const { t } = useTranslation();
  const { title, body } = useItemText(item);
  const target = targetLinkOf(item);
  return (
    <li
      data-inbox-sno={item.sno}
      data-read={item.read ? 'true' : 'false'}
      className={`flex flex-col gap-2 border-b border-slate-100 px-4 py-3 last:border-0 sm:flex-row sm:items-start ${item.read ? 'bg-white' : 'bg-brand-50'} ${selected ? 'ring-2 ring-inset ring-brand-600' : ''}`}
    >
      <div className="min-w-0 flex-1">
        <button
          type="button"
          aria-expanded={selected}
          aria-controls={selected ? actions.detailId : undefined}
          onClick={() => actions.select(item)}
          className={`focus-ring -m-1 flex w-full items-start gap-2 rounded p-1 text-left text-sm text-slate-900 hover:bg-slate-100/60 ${item.read ? '' : 'font-semibold'}`}
        >
          {!item.read && <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" />}
          <span className="min-w-0 break-words">
            {!item.read && <span className="sr-only">{t('inbox.unread')} </span>}
            {title}
          </span>
        </button>
        {body !== null && <p className="mt-0.5 text-sm break-words text-slate-600">{body}</p>}
        <EntryMeta item={item} />
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {target && (
          <Link to={target.path} onClick={() => actions.follow(item)} className="focus-ring rounded px-1.5 py-0.5 text-xs font-medium text-brand-700 underline-offset-2 hover:underline">
            {t(target.labelKey)}
          </Link>
        )}
        {!item.read && !actions.readOnly && <MarkReadButton item={item} markRead={actions.markRead} />}
      </div>
    </li>
  );
}

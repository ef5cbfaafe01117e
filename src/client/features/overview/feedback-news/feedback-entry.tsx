import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MONITOR_TYPES, type FeedbackItem } from '../../../../shared/index.js';
import { detailPathOf } from '../../../lib/task-paths.js';
import { UnreadDot } from './card-parts.js';
import { localMinuteOf } from './time-text.js';

/** A linked task's screen: its detail, an SSL task (no detail screen) the SSL list searched for its name. */
function taskPathOf(task: NonNullable<FeedbackItem['task']>): string {
  if (task.type === MONITOR_TYPES.SSL) return `/monitor/${task.type}?${new URLSearchParams({ q: task.name }).toString()}`;
  return detailPathOf(task.type, task.id);
}

function Replies({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation();
  if (item.replies.length === 0) return <p className="text-sm text-slate-600">{t('feedback:list.waiting')}</p>;
  return (
    <ol className="flex flex-col gap-2" aria-label={t('feedback:list.repliesLabel')}>
      {item.replies.map((reply) => (
        <li key={reply.id} className="rounded-md border-l-4 border-brand-600 bg-slate-50 p-3">
          <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
            <span className="font-semibold text-slate-700">{t('feedback:list.support')}</span>
            <time dateTime={reply.createdAt}>{localMinuteOf(reply.createdAt)}</time>
            {!reply.read && <span className="rounded bg-brand-600 px-1.5 text-white">{t('feedback:list.newReply')}</span>}
          </p>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">{reply.text}</p>
        </li>
      ))}
    </ol>
  );
}

interface FeedbackEntryProps {
  item: FeedbackItem;
  expanded: boolean;
  /** Scrolled into view once (opened from an inbox item). */
  target: boolean;
  onToggle: () => void;
}

/** One feedback item: a disclosure button (category, time, the text: clamped to two lines while closed), the task and replies below it when open. */
export function FeedbackEntry({ item, expanded, target, onToggle }: FeedbackEntryProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const ref = useRef<HTMLLIElement>(null);
  const unread = item.replies.some((reply) => !reply.read);
  useEffect(() => {
    if (target) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [target]);
  return (
    <li ref={ref} data-feedback-id={item.id} data-read={unread ? 'false' : 'true'}>
      <button type="button" aria-expanded={expanded} aria-controls={panelId} onClick={onToggle} className="focus-ring flex min-h-11 w-full items-start gap-2 rounded px-1 py-2 text-left hover:bg-slate-50">
        {unread ? <UnreadDot /> : <span aria-hidden="true" className="h-2 w-2 shrink-0" />}
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
            <span className="font-medium text-slate-700">{t(`feedback:categories.${item.category}`)}</span>
            <time dateTime={item.createdAt}>{localMinuteOf(item.createdAt)}</time>
          </span>
          <span className={`text-sm break-words whitespace-pre-line ${expanded ? '' : 'line-clamp-2'} ${unread ? 'font-semibold text-slate-900' : 'text-slate-800'}`}>{item.text}</span>
          <span className="text-xs text-slate-600">{item.replies.length === 0 ? t('feedback:list.noReplyYet') : t('feedback:list.replies', { count: item.replies.length })}</span>
        </span>
      </button>
      {expanded && (
        <div id={panelId} className="flex flex-col gap-3 px-1 pt-1 pb-3 pl-5">
          {item.task && (
            <p className="text-sm text-slate-700">
              {t('feedback:list.task')}{' '}
              <Link to={taskPathOf(item.task)} className="focus-ring rounded font-medium break-all text-brand-700 underline underline-offset-2">
                {item.task.name}
              </Link>
            </p>
          )}
          <Replies item={item} />
        </div>
      )}
    </li>
  );
}

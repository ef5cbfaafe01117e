import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { FeedbackItem } from '../../../../shared/index.js';
import { NetworkButton } from '../../../components/button.js';
import { CARD_PAGE_SIZE, feedbackQuery } from './api.js';
import { Card, CardPager, CardState, UnreadBadge, stateOf } from './card-parts.js';
import { FeedbackDialog, useFocusReturn } from './lazy-dialogs.js';
import { FeedbackEntry } from './feedback-entry.js';
import { useMarkFeedbackRead } from './use-mark-read.js';

/** `?feedback=<id>` opens that item (an inbox item about a reply leads here). */
export const FEEDBACK_PARAM = 'feedback';

function targetOf(params: URLSearchParams): number | null {
  const id = Number(params.get(FEEDBACK_PARAM));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export interface FeedbackCardProps {
  /** An administrator viewing a customer reads the customer's feedback and sends none. */
  readOnly: boolean;
  /** The form offers the customer's tasks (users who can see monitor tasks). */
  taskPicker: boolean;
}

/** The user's feedback with the operator's replies (a reply unread until its item is opened), and the form to send more. */
export function FeedbackCard({ readOnly, taskPicker }: FeedbackCardProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = targetOf(params);
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set(target === null ? [] : [target]));
  const [writing, setWriting] = useState(false);
  useFocusReturn(writing);
  // Another inbox item followed while the overview is open opens its feedback too.
  const [shownTarget, setShownTarget] = useState(target);
  if (target !== shownTarget) {
    setShownTarget(target);
    if (target !== null) setExpanded(new Set(expanded).add(target));
  }
  const feedback = useQuery(feedbackQuery(page));
  const markRead = useMarkFeedbackRead(readOnly);
  // An item opened from the inbox is seen once it is shown.
  const targetUnread = feedback.data?.list.some((item) => item.id === target && item.replies.some((reply) => !reply.read)) === true;
  useEffect(() => {
    if (targetUnread && target !== null) markRead(target);
    // markRead is a new function each render; the item's state is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetUnread, target]);
  const toggle = (item: FeedbackItem) => {
    const next = new Set(expanded);
    if (next.delete(item.id)) return setExpanded(next);
    setExpanded(next.add(item.id));
    if (item.replies.some((reply) => !reply.read)) markRead(item.id);
  };
  const action = readOnly ? null : (
    <NetworkButton variant="secondary" onClick={() => setWriting(true)}>
      {t('feedback:send')}
    </NetworkButton>
  );
  return (
    <Card id="feedback-title" title={
      <>
        {t('feedback:title')}
        <UnreadBadge count={feedback.data?.unread ?? 0} />
      </>
    } aside={action}>
      <p className="mb-2 text-sm text-slate-600">{readOnly ? t('admin.readOnly') : t('feedback:intro')}</p>
      {!feedback.data && <CardState state={stateOf(feedback)} onRetry={() => void feedback.refetch()} />}
      {feedback.data?.list.length === 0 && <p className="text-sm text-slate-600">{t('feedback:list.empty')}</p>}
      {feedback.data && feedback.data.list.length > 0 && (
        <ul className="-mx-1 flex flex-col divide-y divide-slate-100">
          {feedback.data.list.map((item) => (
            <FeedbackEntry key={item.id} item={item} expanded={expanded.has(item.id)} target={item.id === target} onToggle={() => toggle(item)} />
          ))}
        </ul>
      )}
      {feedback.data && <CardPager page={page} total={feedback.data.total} pageSize={CARD_PAGE_SIZE} onPage={setPage} label={t('feedback:list.pages')} />}
      {writing && (
        <Suspense fallback={null}>
          <FeedbackDialog
            taskPicker={taskPicker}
            onClose={() => setWriting(false)}
            onSent={() => {
              setWriting(false);
              setPage(1);
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}

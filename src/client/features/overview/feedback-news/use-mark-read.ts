import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackListAnswer, NewsListAnswer } from '../../../../shared/index.js';
import { useNetworkGate } from '../../../lib/offline/network-gate.js';
import { feedbackQueryKey, newsQueryKey, readFeedback, readNews } from './api.js';

/** The kept pages with one news item read and the count lowered, before the server's count replaces it. */
export function newsMarkedRead(answer: NewsListAnswer, id: number): NewsListAnswer {
  const item = answer.list.find((entry) => entry.id === id);
  if (!item || item.read) return answer;
  return { ...answer, unread: Math.max(0, answer.unread - 1), list: answer.list.map((entry) => (entry.id === id ? { ...entry, read: true } : entry)) };
}

/** The kept pages with one feedback item's replies seen. */
export function feedbackMarkedRead(answer: FeedbackListAnswer, id: number): FeedbackListAnswer {
  const item = answer.list.find((entry) => entry.id === id);
  const unseen = item?.replies.filter((reply) => !reply.read).length ?? 0;
  if (!item || unseen === 0) return answer;
  const seen = { ...item, replies: item.replies.map((reply) => ({ ...reply, read: true })) };
  return { ...answer, unread: Math.max(0, answer.unread - unseen), list: answer.list.map((entry) => (entry.id === id ? seen : entry)) };
}

/**
 * Marks a news item or a feedback item's replies read as it is opened: shown at once on every kept
 * page, the server's count then taken; a failure brings back what the server holds. Nothing is
 * sent in an administrator's view (the marks are the user's) or without a connection.
 */
function useMarkRead<A extends { unread: number }>(key: readonly string[], send: (id: number) => Promise<{ unread: number }>, mark: (answer: A, id: number) => A, readOnly: boolean) {
  const queryClient = useQueryClient();
  const { blocked } = useNetworkGate();
  const update = (change: (answer: A) => A) => queryClient.setQueriesData<A>({ queryKey: key }, (answer) => (answer ? change(answer) : answer));
  const mutation = useMutation({
    mutationFn: send,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      update((answer) => mark(answer, id));
    },
    onSuccess: ({ unread }) => update((answer) => ({ ...answer, unread })),
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  return (id: number) => {
    if (!readOnly && !blocked) mutation.mutate(id);
  };
}

export const useMarkNewsRead = (readOnly: boolean) => useMarkRead<NewsListAnswer>(newsQueryKey, readNews, newsMarkedRead, readOnly);
export const useMarkFeedbackRead = (readOnly: boolean) => useMarkRead<FeedbackListAnswer>(feedbackQueryKey, readFeedback, feedbackMarkedRead, readOnly);

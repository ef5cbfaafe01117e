import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxItem, InboxListAnswer } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';
import { inboxItemQueryKeyOf, inboxListQueryKey, inboxQueryKey } from './api.js';

/** Which items a change marks read: the named ones, or all of them. */
export type ReadTarget = { snos: string[] } | 'all';

const isTarget = (target: ReadTarget, sno: string) => target === 'all' || target.snos.includes(sno);

/** The kept first page with the items marked read and the count lowered by the unread ones among them. */
export function markedRead(answer: InboxListAnswer, target: ReadTarget): InboxListAnswer {
  let newlyRead = 0;
  const list = answer.list.map((item) => {
    if (item.read || !isTarget(target, item.sno)) return item;
    newlyRead += 1;
    return { ...item, read: true };
  });
  const unread = target === 'all' ? 0 : Math.max(0, answer.unread - newlyRead);
  return { ...answer, list, unread };
}

/**
 * Marks items read (/inbox/read, /inbox/read_all). The bell and the inbox screen (every kept page
 * and an open item) show it at once; the server's count then replaces the guess, and a refusal
 * (notified by the api client) brings back what it holds.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const update = (change: (answer: InboxListAnswer) => InboxListAnswer) =>
    queryClient.setQueriesData<InboxListAnswer>({ queryKey: inboxListQueryKey }, (answer) => (answer ? change(answer) : answer));
  const markItems = (target: ReadTarget) => {
    const snos = target === 'all' ? queryClient.getQueriesData<InboxItem>({ queryKey: [...inboxQueryKey, 'item'] }).flatMap(([, item]) => (item ? [item.sno] : [])) : target.snos;
    for (const sno of snos) queryClient.setQueryData<InboxItem>(inboxItemQueryKeyOf(sno), (item) => (item ? { ...item, read: true } : item));
  };
  return useMutation({
    mutationFn: (target: ReadTarget) => (target === 'all' ? request('inboxReadAll') : request('inboxRead', target)),
    onMutate: async (target) => {
      await queryClient.cancelQueries({ queryKey: inboxQueryKey });
      update((answer) => markedRead(answer, target));
      markItems(target);
    },
    onSuccess: ({ unread }) => update((answer) => ({ ...answer, unread })),
    onError: () => void queryClient.invalidateQueries({ queryKey: inboxQueryKey }),
  });
}

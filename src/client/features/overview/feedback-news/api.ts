import { queryOptions } from '@tanstack/react-query';
import type { FeedbackSendBody, Language } from '../../../../shared/index.js';
import { request } from '../../../lib/api-client.js';

/** One page of news or feedback on the overview (a size the calls accept). */
export const CARD_PAGE_SIZE = 10;
/** News and replies arrive rarely: asked again this often while the overview is open. */
const REFRESH_MS = 5 * 60_000;

export const newsQueryKey = ['feedback', 'news'] as const;
export const feedbackQueryKey = ['feedback', 'mine'] as const;

/** Kept on the device (meta.persist) like the rest of the overview, so it opens offline too. */
export function newsQuery(language: Language, page: number) {
  return queryOptions({
    queryKey: [...newsQueryKey, language, page] as const,
    queryFn: ({ signal }) => request('newsList', { language, page, pageSize: CARD_PAGE_SIZE }, { signal }),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
    meta: { persist: true },
  });
}

export function feedbackQuery(page: number) {
  return queryOptions({
    queryKey: [...feedbackQueryKey, page] as const,
    queryFn: ({ signal }) => request('feedbackList', { page, pageSize: CARD_PAGE_SIZE }, { signal }),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
    meta: { persist: true },
  });
}

export function feedbackTasksQuery(keyword: string) {
  return queryOptions({
    queryKey: ['feedback', 'tasks', keyword] as const,
    queryFn: ({ signal }) => request('feedbackTasks', { q: keyword }, { signal }),
    staleTime: 30_000,
  });
}

export const readNews = (id: number) => request('newsRead', { ids: [id] });
export const readFeedback = (id: number) => request('feedbackRead', { id });
/** 2127 (the task went away meanwhile) is said beside the task field. */
export const sendFeedback = (body: FeedbackSendBody) => request('feedbackSend', body, { explains: [2127] });

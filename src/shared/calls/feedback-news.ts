import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { FEEDBACK_CATEGORIES, FEEDBACK_LIMITS } from '../feedback-rules.js';
import { atLeastOne, optionalText, requiredText } from '../validation/rules.js';
import { Paging, Timestamp } from './common.js';
import { defineCall } from './define.js';

/** Feedback a signed-in user sends and the operator answers, and the news the operator publishes (issue 13). */

const FeedbackId = z.number().int().positive();

export const FeedbackSendBody = z.strictObject({
  category: z.enum(FEEDBACK_CATEGORIES),
  text: requiredText({ max: FEEDBACK_LIMITS.textMax }),
  /** One of the customer's tasks the feedback is about; another customer's or a deleted one is 2127. */
  taskId: z.number().int().positive().nullable().optional(),
});
export type FeedbackSendBody = z.input<typeof FeedbackSendBody>;

export const FeedbackSendAnswer = z.object({ id: z.number().int() });

export const FeedbackReply = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: Timestamp,
  /** Seen by the feedback's author (always true in an administrator's view: marks are the author's). */
  read: z.boolean(),
});
export type FeedbackReply = z.infer<typeof FeedbackReply>;

/** The task as it was named when the feedback was sent. */
export const FeedbackTask = z.object({ id: z.number().int(), type: z.number().int(), name: z.string() });

export const FeedbackItem = z.object({
  id: z.number().int(),
  category: z.enum(FEEDBACK_CATEGORIES),
  text: z.string(),
  task: FeedbackTask.nullable(),
  createdAt: Timestamp,
  /** Oldest first, as a conversation reads. */
  replies: z.array(FeedbackReply),
});
export type FeedbackItem = z.infer<typeof FeedbackItem>;

export const FeedbackListBody = Paging.partial().optional();
export const FeedbackListAnswer = z.object({
  list: z.array(FeedbackItem),
  total: z.number().int(),
  /** Replies to the caller's feedback not seen yet. */
  unread: z.number().int(),
});
export type FeedbackListAnswer = z.infer<typeof FeedbackListAnswer>;

export const FeedbackReadBody = z.strictObject({ id: FeedbackId });
export const UnreadAnswer = z.object({ unread: z.number().int() });

export const FeedbackTasksBody = z.strictObject({ q: optionalText({ min: 0, max: FEEDBACK_LIMITS.taskSearchMax }).optional() }).optional();
export const FeedbackTasksAnswer = z.object({
  list: z.array(z.object({ id: z.number().int(), type: z.number().int(), name: z.string(), domain: z.string() })),
});
export type FeedbackTasksAnswer = z.infer<typeof FeedbackTasksAnswer>;

export const NewsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** The language the texts are in: the reader's, or the fallback's when the operator did not write it. */
  language: z.enum(LANGUAGES),
  publishedAt: Timestamp,
  read: z.boolean(),
});
export type NewsItem = z.infer<typeof NewsItem>;

export const NewsListBody = Paging.partial()
  .extend({ language: z.enum(LANGUAGES).optional() })
  .optional();
export type NewsListBody = z.input<typeof NewsListBody>;
export const NewsListAnswer = z.object({ list: z.array(NewsItem), total: z.number().int(), unread: z.number().int() });
export type NewsListAnswer = z.infer<typeof NewsListAnswer>;

export const NEWS_READ_MAX = 100;
export const NewsReadBody = z.strictObject({ ids: atLeastOne(z.number().int().positive()).max(NEWS_READ_MAX) });

export const feedbackNewsCalls = {
  feedbackSend: defineCall({
    method: 'POST',
    path: '/feedback/send',
    summary: "Sends feedback (category, text, optionally one of the customer's tasks) to the operator. 2127 for a task that is not the customer's; refused while an administrator views a customer (2007).",
    body: FeedbackSendBody,
    answer: FeedbackSendAnswer,
    access: 'session',
    mutation: true,
  }),
  feedbackList: defineCall({
    method: 'POST',
    path: '/feedback/list',
    summary: "The signed-in user's own feedback, newest first, each with the operator's replies (an administrator's view: the customer's), and the count of unread replies.",
    body: FeedbackListBody,
    answer: FeedbackListAnswer,
    access: 'session',
    mutation: false,
    silent: true,
  }),
  feedbackRead: defineCall({
    method: 'POST',
    path: '/feedback/read',
    summary: "Marks the replies to one of the user's feedback items seen (others' and unknown ones are passed over); answers the unread count.",
    body: FeedbackReadBody,
    answer: UnreadAnswer,
    access: 'session',
    mutation: true,
  }),
  feedbackTasks: defineCall({
    method: 'POST',
    path: '/feedback/tasks',
    summary: "The customer's tasks whose name or domain contains the keyword, by name (at most 20): the feedback form's task picker.",
    body: FeedbackTasksBody,
    answer: FeedbackTasksAnswer,
    access: 'session',
    mutation: false,
    area: 'monitor',
  }),
  newsList: defineCall({
    method: 'POST',
    path: '/news/list',
    summary: "Published news, newest first, in the asked language (else the caller's console language; a missing text falls back to another language), each marked read or unread for the user.",
    body: NewsListBody,
    answer: NewsListAnswer,
    access: 'session',
    mutation: false,
    silent: true,
  }),
  newsRead: defineCall({
    method: 'POST',
    path: '/news/read',
    summary: 'Marks news items read for the signed-in user (unknown ones passed over); answers the unread count.',
    body: NewsReadBody,
    answer: UnreadAnswer,
    access: 'session',
    mutation: true,
  }),
} as const;

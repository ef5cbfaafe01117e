import { z } from 'zod';
import { LANGUAGES, type Language } from '../constants.js';
import { FEEDBACK_CATEGORIES, FEEDBACK_LIMITS } from '../feedback-rules.js';
import { EPOCH_MS_MAX, optionalText, requiredText } from '../validation/rules.js';
import { Paging, Timestamp } from './common.js';
import { defineCall } from './define.js';
import { FeedbackReply, FeedbackTask } from './feedback-news.js';

/**
 * The operator's verbs for feedback and news (op-convention: each is a platform call, so it is in
 * /api/docs, authenticated by the platform secret and a verb of `npm run admin`). Bodies are flat
 * (one field per language's title and body) so each field is one flag of the operator command.
 */

export const FEEDBACK_STATES = ['open', 'answered'] as const;

export const PlatformFeedbackListBody = Paging.partial()
  .extend({
    /** open: no reply yet; answered: at least one. */
    status: z.enum(FEEDBACK_STATES).optional(),
    custId: z.number().int().positive().optional(),
  })
  .optional();

export const PlatformFeedbackItem = z.object({
  id: z.number().int(),
  custId: z.number().int(),
  custName: z.string(),
  userId: z.number().int(),
  account: z.string(),
  userName: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  text: z.string(),
  task: FeedbackTask.nullable(),
  createdAt: Timestamp,
  replies: z.array(FeedbackReply),
});
export type PlatformFeedbackItem = z.infer<typeof PlatformFeedbackItem>;

export const PlatformFeedbackListAnswer = z.object({ list: z.array(PlatformFeedbackItem), total: z.number().int() });

export const PlatformFeedbackReplyBody = z.strictObject({
  feedbackId: z.number().int().positive(),
  text: requiredText({ max: FEEDBACK_LIMITS.textMax }),
});
export type PlatformFeedbackReplyBody = z.infer<typeof PlatformFeedbackReplyBody>;
/** `notified`: inbox items written (0 when the author can no longer sign in). */
export const PlatformFeedbackReplyAnswer = z.object({ id: z.number().int(), feedbackId: z.number().int(), notified: z.number().int() });

/** `titleZhTw`, `bodyZhTw`, … : the body's field names of a language's texts. */
export function newsFieldsOf(language: Language): { title: string; body: string } {
  const suffix = language
    .split('-')
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
  return { title: `title${suffix}`, body: `body${suffix}` };
}

const newsTitle = optionalText({ min: 0, max: FEEDBACK_LIMITS.newsTitleMax }).optional();
const newsBody = optionalText({ min: 0, max: FEEDBACK_LIMITS.newsBodyMax }).optional();

const isPublishDate = (value: string) => {
  const time = Date.parse(value);
  return Number.isFinite(time) && time >= 0 && time <= EPOCH_MS_MAX;
};

/**
 * At least one language, and each language given whole (title and body); a language left out is
 * read in another (NEWS_LANGUAGE_FALLBACK).
 */
export const PlatformNewsPublishBody = z
  .strictObject({
    titleZhTw: newsTitle,
    bodyZhTw: newsBody,
    titleZhCn: newsTitle,
    bodyZhCn: newsBody,
    titleEn: newsTitle,
    bodyEn: newsBody,
    /** ISO-8601 date or time; now when left out. A later date keeps the item hidden until then. */
    publishAt: z.string().max(40).refine(isPublishDate, { message: '10010004' }).optional(),
  })
  .superRefine((body, ctx) => {
    const texts = body as Record<string, string | undefined>;
    const given = (field: string) => (texts[field] ?? '').trim() !== '';
    let languages = 0;
    for (const language of LANGUAGES) {
      const fields = newsFieldsOf(language);
      if (!given(fields.title) && !given(fields.body)) continue;
      languages += 1;
      for (const field of [fields.title, fields.body]) if (!given(field)) ctx.addIssue({ code: 'custom', path: [field], message: '10010002' });
    }
    if (languages === 0) for (const language of LANGUAGES) ctx.addIssue({ code: 'custom', path: [newsFieldsOf(language).title], message: '10010002' });
  });
export type PlatformNewsPublishBody = z.infer<typeof PlatformNewsPublishBody>;

export const PlatformNewsPublishAnswer = z.object({ id: z.number().int(), publishedAt: Timestamp, languages: z.array(z.enum(LANGUAGES)) });

export const PlatformNewsWithdrawBody = z.strictObject({ id: z.number().int().positive() });
export const PlatformNewsWithdrawAnswer = z.object({ id: z.number().int(), withdrawnAt: Timestamp });

export const PlatformNewsListBody = Paging.partial().optional();
export const PlatformNewsItem = z.object({
  id: z.number().int(),
  texts: z.array(z.object({ language: z.enum(LANGUAGES), title: z.string(), body: z.string() })),
  publishedAt: Timestamp,
  withdrawnAt: Timestamp.nullable(),
  /** Users who opened it. */
  readers: z.number().int(),
});
export const PlatformNewsListAnswer = z.object({ list: z.array(PlatformNewsItem), total: z.number().int() });

export const platformFeedbackNewsCalls = {
  platformFeedbackList: defineCall({
    method: 'POST',
    path: '/platform/feedback/list',
    summary: "Platform only: every customer's feedback, newest first, optionally only open or answered ones, or one customer's, with the replies.",
    body: PlatformFeedbackListBody,
    answer: PlatformFeedbackListAnswer,
    access: 'platform',
    mutation: false,
  }),
  platformFeedbackReply: defineCall({
    method: 'POST',
    path: '/platform/feedback/reply',
    summary: "Platform only: answers a feedback item; the author sees the reply with the feedback and gets an inbox item. 2001 for an unknown feedback id.",
    body: PlatformFeedbackReplyBody,
    answer: PlatformFeedbackReplyAnswer,
    access: 'platform',
    mutation: true,
  }),
  platformNewsPublish: defineCall({
    method: 'POST',
    path: '/platform/news/publish',
    summary: 'Platform only: publishes a news item with a title and body per language (at least one language; a missing one reads in another), shown to every user from its publish date.',
    body: PlatformNewsPublishBody,
    answer: PlatformNewsPublishAnswer,
    access: 'platform',
    mutation: true,
  }),
  platformNewsWithdraw: defineCall({
    method: 'POST',
    path: '/platform/news/withdraw',
    summary: 'Platform only: withdraws a news item; users no longer see it. 2001 for an unknown id.',
    body: PlatformNewsWithdrawBody,
    answer: PlatformNewsWithdrawAnswer,
    access: 'platform',
    mutation: true,
  }),
  platformNewsList: defineCall({
    method: 'POST',
    path: '/platform/news/list',
    summary: 'Platform only: every news item, newest publish date first, with all its texts, withdrawn ones too, and how many users opened it.',
    body: PlatformNewsListBody,
    answer: PlatformNewsListAnswer,
    access: 'platform',
    mutation: false,
  }),
} as const;

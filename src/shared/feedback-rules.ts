import type { Language } from './constants.js';

/**
 * Feedback and news limits and choices, free of zod so the overview (part of the first screen)
 * can check a form and pick a news text without loading the schemas.
 */

/** What a user's feedback is about: a small fixed list, each with its text in the `feedback` namespace. */
export const FEEDBACK_CATEGORIES = ['bug', 'feature', 'billing', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const FEEDBACK_LIMITS = {
  /** Feedback and reply texts, in code points. */
  textMax: 2_000,
  newsTitleMax: 120,
  newsBodyMax: 5_000,
  /** The task picker's keyword and how many matches it offers. */
  taskSearchMax: 100,
  taskMatches: 20,
} as const;

/**
 * The order in which a news item's texts stand in for the reader's language when the operator did
 * not write that one: the other Chinese first, English last for Chinese readers; Traditional
 * Chinese (the console's default) before Simplified for English readers.
 */
export const NEWS_LANGUAGE_FALLBACK: Readonly<Record<Language, readonly Language[]>> = {
  'zh-tw': ['zh-tw', 'zh-cn', 'en'],
  'zh-cn': ['zh-cn', 'zh-tw', 'en'],
  en: ['en', 'zh-tw', 'zh-cn'],
};

import { describe, expect, it } from 'vitest';
import { checkFeedback } from '../../../src/client/features/overview/feedback-news/feedback-form-values.js';
import { feedbackMarkedRead, newsMarkedRead } from '../../../src/client/features/overview/feedback-news/use-mark-read.js';
import { inboxItemPath } from '../../../src/client/features/inbox/inbox-links.js';
import { FEEDBACK_LIMITS, type FeedbackListAnswer, type NewsListAnswer } from '../../../src/shared/index.js';

describe('the feedback form check', () => {
  it('asks for a category and a text, counts code points, trims, and sends the task id', () => {
    expect(checkFeedback({ category: '', text: ' ', task: null })).toEqual({
      errors: [
        { field: 'category', code: 10010002 },
        { field: 'text', code: 10010002 },
      ],
    });
    const emoji = '😀'.repeat(FEEDBACK_LIMITS.textMax);
    expect(checkFeedback({ category: 'bug', text: emoji, task: null })).toEqual({ body: { category: 'bug', text: emoji, taskId: null } });
    expect(checkFeedback({ category: 'bug', text: `${emoji}x`, task: null })).toEqual({ errors: [{ field: 'text', code: 10010005, params: { max: FEEDBACK_LIMITS.textMax } }] });
    expect(checkFeedback({ category: 'other', text: ' hi ', task: { id: 7, name: 'Shop' } })).toEqual({ body: { category: 'other', text: 'hi', taskId: 7 } });
  });
});

describe('read marks on the kept pages', () => {
  const news: NewsListAnswer = {
    list: [
      { id: 1, title: 'a', body: '', language: 'en', publishedAt: '', read: false },
      { id: 2, title: 'b', body: '', language: 'en', publishedAt: '', read: true },
    ],
    total: 2,
    unread: 1,
  };
  it('marks one news item read once', () => {
    const marked = newsMarkedRead(news, 1);
    expect([marked.unread, marked.list[0]?.read]).toEqual([0, true]);
    expect(newsMarkedRead(marked, 1)).toBe(marked);
    expect(newsMarkedRead(news, 2)).toBe(news);
  });
  it('marks every reply of one feedback item seen', () => {
    const reply = (id: number, read: boolean) => ({ id, text: 'r', createdAt: '', read });
    const feedback: FeedbackListAnswer = {
      list: [{ id: 5, category: 'bug', text: 't', task: null, createdAt: '', replies: [reply(1, true), reply(2, false), reply(3, false)] }],
      total: 1,
      unread: 3,
    };
    const marked = feedbackMarkedRead(feedback, 5);
    expect(marked.unread).toBe(1);
    expect(marked.list[0]?.replies.every((entry) => entry.read)).toBe(true);
    expect(feedbackMarkedRead(feedback, 6)).toBe(feedback);
  });
});

describe('an inbox item about a reply', () => {
  it('leads to that feedback on the overview', () => {
    expect(inboxItemPath({ type: 'feedback', titleParams: { feedbackId: 12, excerpt: 'x' }, data: {} })).toBe('/overview?feedback=12');
    expect(inboxItemPath({ type: 'feedback', titleParams: {}, data: {} })).toBe('/overview');
  });
});

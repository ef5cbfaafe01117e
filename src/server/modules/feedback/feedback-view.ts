import type { FeedbackItem, FeedbackReply } from '../../../shared/calls/feedback-news.js';
import { FEEDBACK_CATEGORIES, type FeedbackCategory } from '../../../shared/feedback-rules.js';
import type { Db } from '../../db/connection.js';
import type { FeedbackRepliesTable, FeedbackTable } from '../../db/schema.js';
import { repliesOf } from './feedback-repo.js';

type FeedbackRow = Pick<FeedbackTable, 'category' | 'text' | 'task_id' | 'task_type' | 'task_name' | 'created_at'> & { id: number };
type ReplyRow = Pick<FeedbackRepliesTable, 'feedback_id' | 'text' | 'created_at' | 'read_at'> & { id: number };

export const isoOf = (time: number) => new Date(time).toISOString();

const categoryOf = (value: string): FeedbackCategory => (FEEDBACK_CATEGORIES as readonly string[]).includes(value) ? (value as FeedbackCategory) : 'other';

function taskOf(row: FeedbackRow): FeedbackItem['task'] {
  if (row.task_id === null) return null;
  return { id: row.task_id, type: row.task_type ?? 0, name: row.task_name ?? '' };
}

/**
 * The rows as the calls answer them, each with its replies. `marksOwn`: the reader is the author,
 * so unread replies show as unread; anyone else (an administrator, the operator) sees none unread.
 */
export async function feedbackItemsOf<R extends FeedbackRow>(db: Db, rows: readonly R[], marksOwn: boolean): Promise<(FeedbackItem & { row: R })[]> {
  const replies = (await repliesOf(db, rows.map((row) => row.id))) as ReplyRow[];
  const byFeedback = new Map<number, FeedbackReply[]>();
  for (const reply of replies) {
    const list = byFeedback.get(reply.feedback_id) ?? [];
    list.push({ id: reply.id, text: reply.text, createdAt: isoOf(reply.created_at), read: !marksOwn || reply.read_at !== null });
    byFeedback.set(reply.feedback_id, list);
  }
  return rows.map((row) => ({
    row,
    id: row.id,
    category: categoryOf(row.category),
    text: row.text,
    task: taskOf(row),
    createdAt: isoOf(row.created_at),
    replies: byFeedback.get(row.id) ?? [],
  }));
}

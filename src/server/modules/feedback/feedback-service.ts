import type { z } from 'zod';
import type { FeedbackListAnswer, FeedbackListBody, FeedbackSendBody, FeedbackTasksAnswer, FeedbackTasksBody } from '../../../shared/calls/feedback-news.js';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants.js';
import { FEEDBACK_LIMITS } from '../../../shared/feedback-rules.js';
import type { Principal, ServerContext } from '../../context.js';
import { AppError, fieldError } from '../../http/app-error.js';
import { findTask } from '../tasks/repo.js';
import { countFeedback, countUnreadReplies, insertFeedback, listFeedback, markRepliesRead, searchTasks, type FeedbackScope } from './feedback-repo.js';
import { feedbackItemsOf } from './feedback-view.js';

const scopeOf = (principal: Principal): FeedbackScope => ({ custId: principal.custId, userId: principal.userId });

/** The task the feedback names, as named now; 2127 for a task that is not the customer's (or deleted), like task calls answer. */
async function linkedTask(ctx: ServerContext, custId: number, taskId: number | null | undefined) {
  if (taskId === null || taskId === undefined) return { task_id: null, task_type: null, task_name: null };
  const task = await findTask(ctx.db, custId, taskId);
  if (!task) throw new AppError(2127, { data: { errors: [fieldError('taskId', 10010003)] } });
  return { task_id: task.id, task_type: task.type, task_name: task.name };
}

/** Only a customer's user sends feedback: an administrator's view never gets here (2007 by the call table). */
export async function sendFeedback(ctx: ServerContext, principal: Principal, body: z.output<typeof FeedbackSendBody>) {
  if (principal.userId === null) throw new AppError(2007);
  const task = await linkedTask(ctx, principal.custId, body.taskId);
  const id = await insertFeedback(ctx.db, {
    cust_id: principal.custId,
    user_id: principal.userId,
    category: body.category,
    text: body.text,
    ...task,
    created_at: ctx.now(),
  });
  return { id };
}

export async function listOwnFeedback(ctx: ServerContext, principal: Principal, body: z.output<typeof FeedbackListBody>): Promise<FeedbackListAnswer> {
  const page = body?.page ?? 1;
  const pageSize = body?.pageSize ?? DEFAULT_PAGE_SIZE;
  const scope = scopeOf(principal);
  const own = principal.userId !== null;
  const [rows, total, unread] = await Promise.all([
    listFeedback(ctx.db, scope, pageSize, (page - 1) * pageSize),
    countFeedback(ctx.db, scope),
    principal.userId === null ? 0 : countUnreadReplies(ctx.db, principal.custId, principal.userId),
  ]);
  const items = await feedbackItemsOf(ctx.db, rows, own);
  return { list: items.map(({ row: _row, ...item }) => item), total, unread };
}

export async function markFeedbackRead(ctx: ServerContext, principal: Principal, feedbackId: number): Promise<{ unread: number }> {
  if (principal.userId === null) throw new AppError(2007);
  await markRepliesRead(ctx.db, principal.custId, principal.userId, feedbackId, ctx.now());
  return { unread: await countUnreadReplies(ctx.db, principal.custId, principal.userId) };
}

export async function feedbackTasks(ctx: ServerContext, principal: Principal, body: z.output<typeof FeedbackTasksBody>): Promise<FeedbackTasksAnswer> {
  const list = await searchTasks(ctx.db, principal.custId, (body?.q ?? '').trim(), FEEDBACK_LIMITS.taskMatches);
  return { list };
}

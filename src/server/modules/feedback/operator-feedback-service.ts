import type { z } from 'zod';
import type { PlatformFeedbackListBody, PlatformFeedbackReplyBody } from '../../../shared/calls/platform-feedback-news.js';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants.js';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { publishInboxEvent } from '../inbox/publish.js';
import { feedbackItemsOf } from './feedback-view.js';
import { countAllFeedback, findFeedbackById, insertReply, listAllFeedback } from './operator-feedback-repo.js';

/** How much of a reply the inbox item and the push quote. */
const EXCERPT_MAX = 80;

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= EXCERPT_MAX ? flat : `${chars.slice(0, EXCERPT_MAX - 1).join('')}…`;
}

export async function listAllFeedbackItems(ctx: ServerContext, body: z.output<typeof PlatformFeedbackListBody>) {
  const page = body?.page ?? 1;
  const pageSize = body?.pageSize ?? DEFAULT_PAGE_SIZE;
  const filter = { status: body?.status, custId: body?.custId };
  const [rows, total] = await Promise.all([listAllFeedback(ctx.db, filter, pageSize, (page - 1) * pageSize), countAllFeedback(ctx.db, filter)]);
  const items = await feedbackItemsOf(ctx.db, rows, false);
  const list = items.map(({ row, ...item }) => ({ ...item, custId: row.cust_id, custName: row.cust_name, userId: row.user_id, account: row.account, userName: row.user_name }));
  return { list, total };
}

/**
 * Stores the operator's reply, then tells the author through the inbox (and push), after the reply
 * committed. 2001 for an unknown feedback id.
 */
export async function replyToFeedback(ctx: ServerContext, body: PlatformFeedbackReplyBody) {
  const feedback = await findFeedbackById(ctx.db, body.feedbackId);
  if (!feedback) throw new AppError(2001);
  const id = await insertReply(ctx.db, feedback.id, body.text, ctx.now());
  let notified = 0;
  try {
    const items = await publishInboxEvent(ctx, {
      custId: feedback.cust_id,
      to: [feedback.user_id],
      type: 'feedback',
      titleKey: 'push:events.feedback.reply.title',
      bodyKey: 'push:events.feedback.reply.body',
      params: { feedbackId: feedback.id, excerpt: excerptOf(body.text) },
    });
    notified = items.length;
  } catch (error) {
    ctx.log?.warn({ err: error }, 'feedback: reply not published to the inbox');
  }
  return { id, feedbackId: feedback.id, notified };
}

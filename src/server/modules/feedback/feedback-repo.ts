import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { FeedbackTable } from '../../db/schema.js';
import { containsText } from '../groups/names.js';

/** A user's own feedback, or (userId null: an administrator's view) the whole customer's. */
export interface FeedbackScope {
  custId: number;
  userId: number | null;
}

function scoped(db: Db, scope: FeedbackScope) {
  let query = db.selectFrom('feedback').where('feedback.cust_id', '=', scope.custId);
  if (scope.userId !== null) query = query.where('feedback.user_id', '=', scope.userId);
  return query;
}

export async function insertFeedback(db: Db, values: Insertable<FeedbackTable>): Promise<number> {
  const row = await db.insertInto('feedback').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function listFeedback(db: Db, scope: FeedbackScope, limit: number, offset: number) {
  return scoped(db, scope).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countFeedback(db: Db, scope: FeedbackScope): Promise<number> {
  const row = await scoped(db, scope).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The replies to these feedback items, oldest first. */
export function repliesOf(db: Db, feedbackIds: readonly number[]) {
  if (feedbackIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('feedback_replies').selectAll().where('feedback_id', 'in', feedbackIds).orderBy('created_at').orderBy('id').execute();
}

/** Replies to the user's feedback not seen yet. */
export async function countUnreadReplies(db: Db, custId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('feedback_replies')
    .innerJoin('feedback', 'feedback.id', 'feedback_replies.feedback_id')
    .where('feedback.cust_id', '=', custId)
    .where('feedback.user_id', '=', userId)
    .where('feedback_replies.read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('unread'))
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

/** Marks the replies to one of the user's feedback items seen; someone else's item is left alone. */
export async function markRepliesRead(db: Db, custId: number, userId: number, feedbackId: number, now: number): Promise<void> {
  await db
    .updateTable('feedback_replies')
    .set({ read_at: now })
    .where('read_at', 'is', null)
    .where('feedback_id', 'in', (eb) =>
      eb.selectFrom('feedback').select('id').where('id', '=', feedbackId).where('cust_id', '=', custId).where('user_id', '=', userId),
    )
    .execute();
}

/** The customer's live tasks whose name or domain contains the keyword, by name. */
export function searchTasks(db: Db, custId: number, keyword: string, limit: number) {
  let query = db.selectFrom('tasks').select(['id', 'type', 'name', 'domain']).where('cust_id', '=', custId).where('deleted_at', 'is', null);
  if (keyword !== '') query = query.where((eb) => eb.or([containsText('name', keyword), containsText('domain', keyword)]));
  return query.orderBy('name').orderBy('id').limit(limit).execute();
}

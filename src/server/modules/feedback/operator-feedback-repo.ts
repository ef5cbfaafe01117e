import type { Db } from '../../db/connection.js';

/** The operator's filters over every customer's feedback. */
export interface OperatorFeedbackFilter {
  status?: 'open' | 'answered' | undefined;
  custId?: number | undefined;
}

function filtered(db: Db, filter: OperatorFeedbackFilter) {
  let query = db
    .selectFrom('feedback')
    .innerJoin('customers', 'customers.id', 'feedback.cust_id')
    .innerJoin('users', 'users.id', 'feedback.user_id');
  if (filter.custId !== undefined) query = query.where('feedback.cust_id', '=', filter.custId);
  if (filter.status !== undefined) {
    const wanted = filter.status === 'answered';
    query = query.where((eb) => {
      const answered = eb.exists(eb.selectFrom('feedback_replies').select('feedback_replies.id').whereRef('feedback_replies.feedback_id', '=', 'feedback.id'));
      return wanted ? answered : eb.not(answered);
    });
  }
  return query;
}

export function listAllFeedback(db: Db, filter: OperatorFeedbackFilter, limit: number, offset: number) {
  return filtered(db, filter)
    .selectAll('feedback')
    .select(['customers.name as cust_name', 'users.account as account', 'users.name as user_name'])
    .orderBy('feedback.created_at', 'desc')
    .orderBy('feedback.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAllFeedback(db: Db, filter: OperatorFeedbackFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

export function findFeedbackById(db: Db, id: number) {
  return db.selectFrom('feedback').select(['id', 'cust_id', 'user_id', 'category']).where('id', '=', id).executeTakeFirst();
}

export async function insertReply(db: Db, feedbackId: number, text: string, now: number): Promise<number> {
  const row = await db.insertInto('feedback_replies').values({ feedback_id: feedbackId, text, created_at: now, read_at: null }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

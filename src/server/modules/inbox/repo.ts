import type { Db } from '../../db/connection.js';

/** An administrator's view (userId null) reads the whole customer's inbox. */
export interface InboxScope {
  custId: number;
  userId: number | null;
}

function scoped(db: Db, scope: InboxScope) {
  let query = db.selectFrom('inbox_items').where('cust_id', '=', scope.custId);
  if (scope.userId !== null) query = query.where('user_id', '=', scope.userId);
  return query;
}

export function listInboxItems(db: Db, scope: InboxScope, limit: number, offset: number) {
  return scoped(db, scope).selectAll().orderBy('created_at', 'desc').orderBy('sno', 'desc').limit(limit).offset(offset).execute();
}

export async function countInboxItems(db: Db, scope: InboxScope): Promise<{ total: number; unread: number }> {
  const row = await scoped(db, scope)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('read', '=', 0).then(1).else(0).end()), eb.lit(0)).as('unread'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

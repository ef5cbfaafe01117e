import type { Db } from '../../db/connection.js';

/** The points log's filters as the repo reads them; times are [from, to) in epoch ms. */
export interface TranslogQuery {
  kind?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** Only rows after this one in the log's order (the export's chunks). */
  after?: { createdAt: number; id: number } | undefined;
}

/**
 * One customer's transactions. Every read starts from `cust_id`; the indexes of migration 0025,
 * (cust_id, created_at) and (cust_id, kind, created_at), serve the filters and the order.
 */
function transactionsOf(db: Db, custId: number, query: TranslogQuery) {
  let select = db.selectFrom('point_transactions as pt').where('pt.cust_id', '=', custId);
  if (query.kind !== undefined) select = select.where('pt.kind', '=', query.kind as never);
  if (query.from !== undefined) select = select.where('pt.created_at', '>=', query.from);
  if (query.to !== undefined) select = select.where('pt.created_at', '<', query.to);
  const after = query.after;
  if (after !== undefined) {
    // The first term bounds the index range; the second leaves out the rows up to `after` at its time.
    select = select
      .where('pt.created_at', '<=', after.createdAt)
      .where((eb) => eb.or([eb('pt.created_at', '<', after.createdAt), eb('pt.id', '<', after.id)]));
  }
  return select;
}

export async function countTransactions(db: Db, custId: number, query: TranslogQuery): Promise<number> {
  const row = await transactionsOf(db, custId, query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Newest first (time, then id), each with its task's row (same customer; deleted ones too) when there is one. */
export function transactionRows(db: Db, custId: number, query: TranslogQuery, page: { limit: number; offset: number }) {
  return transactionsOf(db, custId, query)
    .leftJoin('tasks as t', (join) => join.onRef('t.id', '=', 'pt.task_id').onRef('t.cust_id', '=', 'pt.cust_id'))
    .select([
      'pt.id',
      'pt.kind',
      'pt.points',
      'pt.balance_after',
      'pt.created_at',
      'pt.task_id',
      'pt.note',
      't.id as row_task_id',
      't.type',
      't.domain',
      't.port',
      't.other_path',
      't.deleted_at',
    ])
    .orderBy('pt.created_at', 'desc')
    .orderBy('pt.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type TransactionRow = Awaited<ReturnType<typeof transactionRows>>[number];

/** Where an export chunk ends: the time and id of the customer's row `id`, if it is theirs. */
export function transactionPosition(db: Db, custId: number, id: number): Promise<{ createdAt: number; id: number } | undefined> {
  return db
    .selectFrom('point_transactions')
    .select(['created_at as createdAt', 'id'])
    .where('cust_id', '=', custId)
    .where('id', '=', id)
    .executeTakeFirst();
}

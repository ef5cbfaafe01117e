import type { Db } from '../../db/connection.js';
import type { SumsTable } from './list-repo.js';

/** The columns the overview needs of a customer's live tasks of these types. */
export function overviewTasks(db: Db, custId: number, types: readonly number[]) {
  return db
    .selectFrom('tasks')
    .select(['id', 'type', 'name', 'domain', 'port', 'other_path', 'status'])
    .where('cust_id', '=', custId)
    .where('deleted_at', 'is', null)
    .where('type', 'in', [...types])
    .execute();
}

export type OverviewTaskRow = Awaited<ReturnType<typeof overviewTasks>>[number];

/** Sums per task over [from, to) of the customer's live tasks of these types, in one read. */
export function sumsOfTypes(db: Db, table: SumsTable, custId: number, types: readonly number[], from: number, to: number) {
  return db
    .selectFrom(table)
    .select(({ fn }) => [
      'task_id',
      fn.sum<number>('count').as('count'),
      fn.sum<number>('successes').as('successes'),
      fn.sum<number>('latency_count').as('latency_count'),
      fn.sum<number>('latency_sum').as('latency_sum'),
    ])
    .where('bucket_start', '>=', from)
    .where('bucket_start', '<', to)
    .where('task_id', 'in', (eb) =>
      eb.selectFrom('tasks').select('id').where('cust_id', '=', custId).where('type', 'in', [...types]).where('deleted_at', 'is', null),
    )
    .groupBy('task_id')
    .execute();
}

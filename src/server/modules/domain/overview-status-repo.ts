import type { Db } from '../../db/connection.js';

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

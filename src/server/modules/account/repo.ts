import type { Db } from '../../db/connection.js';

/** The contract in force on a date, else the most recent one. */
export async function findCurrentContract(db: Db, custId: number, today: string) {
  const current = await db
    .selectFrom('contracts')
    .selectAll()
    .where('cust_id', '=', custId)
    .where('start_date', '<=', today)
    .where('end_date', '>=', today)
    .orderBy('start_date', 'desc')
    .executeTakeFirst();
  if (current) return current;
  return db.selectFrom('contracts').selectAll().where('cust_id', '=', custId).orderBy('end_date', 'desc').executeTakeFirst();
}

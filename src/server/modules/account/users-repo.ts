import type { Db } from '../../db/connection.js';

/** The customer's users with their privilege's status; never the password hash. */
export function customerUsers(db: Db, custId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('privileges as p', 'p.id', 'u.privilege_id')
    .select(['u.id', 'u.account', 'u.name', 'u.email', 'u.status', 'u.roles', 'p.status as privilege_status'])
    .where('u.cust_id', '=', custId)
    .orderBy('u.account')
    .execute();
}

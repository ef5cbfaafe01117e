import type { Db } from '../../db/connection.js';

export interface ProfileChanges {
  name: string;
  email: string;
  passwordHash?: string;
}

/** Scoped by customer as well as id, like every query of a session. */
export async function updateUserProfile(db: Db, custId: number, userId: number, changes: ProfileChanges): Promise<void> {
  await db
    .updateTable('users')
    .set({
      name: changes.name,
      email: changes.email,
      ...(changes.passwordHash === undefined ? {} : { password_hash: changes.passwordHash }),
    })
    .where('id', '=', userId)
    .where('cust_id', '=', custId)
    .execute();
}

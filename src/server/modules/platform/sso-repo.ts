import type { Db } from '../../db/connection.js';

export async function insertSsoCode(db: Db, codeHash: string, adminId: number, custId: number, expiresAt: number) {
  await db.insertInto('sso_codes').values({ code_hash: codeHash, admin_id: adminId, cust_id: custId, expires_at: expiresAt, used_at: null }).execute();
}

/**
 * Marks an unused, unexpired code used and answers it; a single UPDATE so two logins racing with the
 * same code cannot both win.
 */
export function consumeSsoCode(db: Db, codeHash: string, now: number) {
  return db
    .updateTable('sso_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['admin_id', 'cust_id'])
    .executeTakeFirst();
}

export async function deleteExpiredSsoCodes(db: Db, now: number) {
  await db.deleteFrom('sso_codes').where('expires_at', '<=', now).execute();
}

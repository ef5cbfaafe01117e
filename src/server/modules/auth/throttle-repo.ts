import type { Db } from '../../db/connection.js';

export function findFailure(db: Db, key: string) {
  return db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function saveFailure(db: Db, key: string, count: number, windowStart: number, lockedUntil: number | null) {
  await db
    .insertInto('login_failures')
    .values({ key, count, window_start: windowStart, locked_until: lockedUntil })
    .onConflict((oc) => oc.column('key').doUpdateSet({ count, window_start: windowStart, locked_until: lockedUntil }))
    .execute();
}

export async function deleteFailure(db: Db, key: string) {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { ApiKeysTable } from '../../db/schema.js';

export type ApiKeyDbRow = Selectable<ApiKeysTable>;
/** A key as the list shows it: with its creator's name. */
export type ApiKeyListedRow = ApiKeyDbRow & { created_by: string };

function listedQuery(db: Db, custId: number) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .selectAll('api_keys')
    .select('users.name as created_by')
    .where('api_keys.cust_id', '=', custId);
}

export function listCustomerKeys(db: Db, custId: number, limit: number): Promise<ApiKeyListedRow[]> {
  return listedQuery(db, custId).orderBy('api_keys.created_at', 'desc').orderBy('api_keys.id', 'desc').limit(limit).execute();
}

export function findCustomerKey(db: Db, custId: number, id: number): Promise<ApiKeyListedRow | undefined> {
  return listedQuery(db, custId).where('api_keys.id', '=', id).executeTakeFirst();
}

/** Keys neither revoked nor expired at `now`. */
export async function countActiveKeys(db: Db, custId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('cust_id', '=', custId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertKey(db: Db, values: Insertable<ApiKeysTable>): Promise<number> {
  const row = await db.insertInto('api_keys').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function revokeCustomerKey(db: Db, custId: number, id: number, now: number): Promise<void> {
  await db.updateTable('api_keys').set({ revoked_at: now }).where('cust_id', '=', custId).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

export function findKeyByHash(db: Db, keyHash: string): Promise<ApiKeyDbRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

export async function recordKeyUse(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
}

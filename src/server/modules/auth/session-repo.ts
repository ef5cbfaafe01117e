import type { Db } from '../../db/connection.js';
import type { SessionRow } from '../../db/schema.js';

export interface NewSession {
  tokenHash: string;
  userId: number | null;
  adminId: number | null;
  custId: number;
  ip: string;
  now: number;
}

export async function insertSession(db: Db, session: NewSession): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      admin_id: session.adminId,
      cust_id: session.custId,
      created_at: session.now,
      last_seen_at: session.now,
      revoked_at: null,
      ip: session.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findLiveSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
}

/** Sessions of a user that are neither revoked nor idle past the cutoff. */
export async function countActiveUserSessions(db: Db, userId: number, seenAfter: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('last_seen_at', '>=', seenAfter)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function touchSession(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function revokeSession(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Revokes a user's other sessions (after a password change): every open session of the user but `keepId` (all of them when null: the caller has no session). */
export async function revokeOtherUserSessions(db: Db, userId: number, keepId: number | null, now: number): Promise<void> {
  const open = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  await (keepId === null ? open : open.where('id', '!=', keepId)).execute();
}

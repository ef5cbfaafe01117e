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

/** A session by its token, ended ones too (their end code answers their next call). */
export function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
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

/** Ends one session; `endCode` (2005, 2006) is what its holder's next call is answered. */
export async function revokeSession(db: Db, id: number, now: number, endCode: SessionEndCode | null = null): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now, end_code: endCode }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Why an operator ended a session: its holder (or their customer) suspended, or their privilege deactivated. */
export type SessionEndCode = 2005 | 2006;

/** Whose open sessions an operator's change ends. */
export type SessionHolders = { userId: number } | { custId: number } | { privilegeId: number } | { adminId: number };

/** Ends every open session of the holders with the code their next call is answered; answers how many. */
export async function endSessionsOf(db: Db, holders: SessionHolders, endCode: SessionEndCode | null, now: number): Promise<number> {
  let query = db.updateTable('sessions').set({ revoked_at: now, end_code: endCode }).where('revoked_at', 'is', null);
  if ('userId' in holders) query = query.where('user_id', '=', holders.userId);
  else if ('custId' in holders) query = query.where('cust_id', '=', holders.custId).where('user_id', 'is not', null);
  else if ('adminId' in holders) query = query.where('admin_id', '=', holders.adminId);
  else query = query.where('user_id', 'in', db.selectFrom('users').select('id').where('privilege_id', '=', holders.privilegeId));
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes a user's other sessions (after a password change): every open session of the user but `keepId` (all of them when null: the caller has no session). */
export async function revokeOtherUserSessions(db: Db, userId: number, keepId: number | null, now: number): Promise<void> {
  const open = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  await (keepId === null ? open : open.where('id', '!=', keepId)).execute();
}

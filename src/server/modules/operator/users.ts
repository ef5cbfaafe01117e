import type { z } from 'zod';
import type { PlatformUser, UserCreateBody, UserLimitBody, UserPasswordBody } from '../../../shared/calls/platform-ops-users.js';
import { FULL_TASKS_PRIVILEGE, ROLES } from '../../../shared/roles.js';
import type { Db } from '../../db/connection.js';
import type { UsersTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { hashPassword, randomPassword } from '../../security/password.js';
import { endSessionsOf } from '../auth/session-repo.js';
import { assertAccountFree, customerOrRefuse, userOrRefuse, userView, type OperatorContext } from './records.js';

type UserCreate = z.output<typeof UserCreateBody>;

/** The given privilege when it is usable (else 2006), or a new one of the user's own. */
async function privilegeFor(db: Db, body: UserCreate): Promise<number> {
  if (body.privilegeId !== undefined) {
    const privilege = await db.selectFrom('privileges').select(['id', 'status']).where('id', '=', body.privilegeId).executeTakeFirst();
    if (privilege?.status !== 'active') throw new AppError(2006);
    return privilege.id;
  }
  const tasksPrivilege = body.tasksPrivilege ?? FULL_TASKS_PRIVILEGE;
  const row = await db
    .insertInto('privileges')
    .values({ name: `privilege of ${body.account}`, status: 'active', tasks_privilege: JSON.stringify(tasksPrivilege) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user of a customer; without a password one is generated and answered this once. */
export async function createUser(ctx: OperatorContext, body: UserCreate): Promise<{ user: PlatformUser; password?: string }> {
  const password = body.password ?? randomPassword();
  const passwordHash = await hashPassword(password);
  const user = await ctx.db.transaction().execute(async (trx) => {
    await customerOrRefuse(trx, body.custId);
    await assertAccountFree(trx, body.account);
    const privilegeId = await privilegeFor(trx, body);
    const row = await trx
      .insertInto('users')
      .values({
        cust_id: body.custId,
        account: body.account,
        name: body.name,
        email: body.email ?? '',
        password_hash: passwordHash,
        privilege_id: privilegeId,
        roles: JSON.stringify(body.roles ?? [ROLES.CUSTOMER]),
        reserved: 0,
        status: 'active',
        max_sessions: body.maxSessions ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return userView(row);
  });
  return body.password === undefined ? { user, password } : { user };
}

async function updateUser(db: Db, account: string, changes: Partial<Pick<UsersTable, 'status' | 'max_sessions' | 'password_hash'>>) {
  const row = await db.updateTable('users').set(changes).where('account', '=', account).returningAll().executeTakeFirst();
  if (!row) throw new AppError(2001);
  return row;
}

/** Suspends the user and ends their open sessions (their next call: 2005). */
export async function suspendUser(ctx: OperatorContext, account: string): Promise<PlatformUser & { endedSessions: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await updateUser(trx, account, { status: 'suspended' });
    const endedSessions = await endSessionsOf(trx, { userId: row.id }, 2005, ctx.now());
    return { ...userView(row), endedSessions };
  });
}

export async function resumeUser(ctx: OperatorContext, account: string): Promise<PlatformUser> {
  return userView(await updateUser(ctx.db, account, { status: 'active' }));
}

/** The concurrent-login limit for the user's next sign-ins; sessions already open stay. */
export async function limitUserSessions(ctx: OperatorContext, body: z.output<typeof UserLimitBody>): Promise<PlatformUser> {
  return userView(await updateUser(ctx.db, body.account, { max_sessions: body.maxSessions }));
}

/** Sets the password (given, or generated and answered once); the user's open sessions end (401: sign in again). */
export async function resetUserPassword(
  ctx: OperatorContext,
  body: z.output<typeof UserPasswordBody>,
): Promise<{ user: PlatformUser; endedSessions: number; password?: string }> {
  await userOrRefuse(ctx.db, body.account);
  const password = body.password ?? randomPassword();
  const passwordHash = await hashPassword(password);
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const row = await updateUser(trx, body.account, { password_hash: passwordHash });
    const endedSessions = await endSessionsOf(trx, { userId: row.id }, null, ctx.now());
    return { user: userView(row), endedSessions };
  });
  return body.password === undefined ? { ...answer, password } : answer;
}

export async function listUsers(ctx: OperatorContext, custId: number | undefined): Promise<{ users: PlatformUser[] }> {
  if (custId !== undefined) await customerOrRefuse(ctx.db, custId);
  let query = ctx.db.selectFrom('users').selectAll().orderBy('id');
  if (custId !== undefined) query = query.where('cust_id', '=', custId);
  return { users: (await query.execute()).map(userView) };
}

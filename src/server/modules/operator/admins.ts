import type { z } from 'zod';
import type { AdminCreateBody, PlatformAdmin } from '../../../shared/calls/platform-ops-users.js';
import type { Db } from '../../db/connection.js';
import type { AdministratorsTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { hashPassword, randomPassword } from '../../security/password.js';
import { endSessionsOf } from '../auth/session-repo.js';
import { adminView, assertAccountFree, type OperatorContext } from './records.js';

type Admin = z.output<typeof PlatformAdmin>;

/** An administrator (signs in through the platform's SSO code); without a password one is generated and answered once. */
export async function createAdmin(ctx: OperatorContext, body: z.output<typeof AdminCreateBody>): Promise<{ admin: Admin; password?: string }> {
  const password = body.password ?? randomPassword();
  const passwordHash = await hashPassword(password);
  const admin = await ctx.db.transaction().execute(async (trx) => {
    await assertAccountFree(trx, body.account);
    const row = await trx
      .insertInto('administrators')
      .values({ account: body.account, name: body.name, password_hash: passwordHash, status: 'active' })
      .returningAll()
      .executeTakeFirstOrThrow();
    return adminView(row);
  });
  return body.password === undefined ? { admin, password } : { admin };
}

async function setAdminStatus(db: Db, account: string, status: AdministratorsTable['status']) {
  const row = await db.updateTable('administrators').set({ status }).where('account', '=', account).returningAll().executeTakeFirst();
  if (!row) throw new AppError(2001);
  return row;
}

/** Suspends the administrator and ends their open sessions (their next call: 2005). */
export async function suspendAdmin(ctx: OperatorContext, account: string): Promise<Admin & { endedSessions: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await setAdminStatus(trx, account, 'suspended');
    const endedSessions = await endSessionsOf(trx, { adminId: row.id }, 2005, ctx.now());
    return { ...adminView(row), endedSessions };
  });
}

export async function resumeAdmin(ctx: OperatorContext, account: string): Promise<Admin> {
  return adminView(await setAdminStatus(ctx.db, account, 'active'));
}

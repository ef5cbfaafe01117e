import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { PlatformPrivilege, PrivilegeCreateBody } from '../../../shared/calls/platform-ops-users.js';
import type { Db } from '../../db/connection.js';
import type { PrivilegesTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { parseTasksPrivilege } from '../auth/privileges.js';
import { endSessionsOf } from '../auth/session-repo.js';
import type { OperatorContext } from './records.js';

type Privilege = z.output<typeof PlatformPrivilege>;

async function usersOf(db: Db, privilegeId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('privilege_id', '=', privilegeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function privilegeView(db: Db, row: Selectable<PrivilegesTable>): Promise<Privilege> {
  return { id: row.id, name: row.name, status: row.status, tasksPrivilege: parseTasksPrivilege(row.tasks_privilege), users: await usersOf(db, row.id) };
}

export async function createPrivilege(ctx: OperatorContext, body: z.output<typeof PrivilegeCreateBody>): Promise<Privilege> {
  const row = await ctx.db
    .insertInto('privileges')
    .values({ name: body.name, status: 'active', tasks_privilege: JSON.stringify(body.tasksPrivilege) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return privilegeView(ctx.db, row);
}

async function setPrivilegeStatus(db: Db, privilegeId: number, status: PrivilegesTable['status']) {
  const row = await db.updateTable('privileges').set({ status }).where('id', '=', privilegeId).returningAll().executeTakeFirst();
  // The catalogue's "permission ID missing or deactivated".
  if (!row) throw new AppError(2006);
  return row;
}

/** Deactivates the privilege and ends its users' open sessions (their next call: 2006). */
export async function deactivatePrivilege(ctx: OperatorContext, privilegeId: number): Promise<Privilege & { endedSessions: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await setPrivilegeStatus(trx, privilegeId, 'deactivated');
    const endedSessions = await endSessionsOf(trx, { privilegeId }, 2006, ctx.now());
    return { ...(await privilegeView(trx, row)), endedSessions };
  });
}

export async function reactivatePrivilege(ctx: OperatorContext, privilegeId: number): Promise<Privilege> {
  return privilegeView(ctx.db, await setPrivilegeStatus(ctx.db, privilegeId, 'active'));
}

export async function listPrivileges(ctx: OperatorContext): Promise<{ privileges: Privilege[] }> {
  const rows = await ctx.db.selectFrom('privileges').selectAll().orderBy('id').execute();
  return { privileges: await Promise.all(rows.map((row) => privilegeView(ctx.db, row))) };
}

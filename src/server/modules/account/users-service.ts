import { z } from 'zod';
import type { AccountUsersAnswer } from '../../../shared/calls/account.js';
import type { ServerContext } from '../../context.js';
import { parseJsonColumn } from '../../db/columns.js';
import { customerUsers } from './users-repo.js';

const Roles = z.array(z.string());

/** The customer's users for the account screen: who they are and whether they can sign in. */
export async function accountUsers(ctx: Pick<ServerContext, 'db'>, custId: number): Promise<AccountUsersAnswer> {
  const rows = await customerUsers(ctx.db, custId);
  return {
    list: rows.map((row) => ({
      id: row.id,
      account: row.account,
      name: row.name,
      email: row.email,
      status: row.status,
      privilegeActive: row.privilege_status === 'active',
      roles: parseJsonColumn(Roles, row.roles) ?? [],
    })),
  };
}

import type { Selectable } from 'kysely';
import type { PlatformContract, PlatformCustomer } from '../../../shared/calls/platform-ops.js';
import type { PlatformUser } from '../../../shared/calls/platform-ops-users.js';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { AdministratorsTable, ContractsTable, CustomersTable, UsersTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { parseRoles } from '../auth/privileges.js';

/** The rows the operator's verbs read, as their answers show them, and the lookups that refuse unknown ones. */

/** What the operator's verbs need: the database and the clock (tests call them with no app). */
export type OperatorContext = Pick<ServerContext, 'db' | 'now'>;

export const todayOf = (ctx: OperatorContext) => new Date(ctx.now()).toISOString().slice(0, 10);

export const customerView = (row: Selectable<CustomersTable>): PlatformCustomer => ({ id: row.id, name: row.name, taxId: row.tax_id, status: row.status });

export const contractView = (row: Selectable<ContractsTable>): PlatformContract => ({
  id: row.id,
  custId: row.cust_id,
  startDate: row.start_date,
  endDate: row.end_date,
  purchasedPoints: row.purchased_points,
  usedPoints: row.used_points,
  remainingPoints: row.purchased_points - row.used_points,
});

export const userView = (row: Selectable<UsersTable>): PlatformUser => ({
  id: row.id,
  custId: row.cust_id,
  account: row.account,
  name: row.name,
  email: row.email,
  privilegeId: row.privilege_id,
  roles: parseRoles(row.roles),
  status: row.status,
  maxSessions: row.max_sessions,
});

export const adminView = (row: Selectable<AdministratorsTable>) => ({ id: row.id, account: row.account, name: row.name, status: row.status });

/** The customer, else 2102 (the catalogue's "customer ID missing"). */
export async function customerOrRefuse(db: Db, custId: number): Promise<Selectable<CustomersTable>> {
  const row = await db.selectFrom('customers').selectAll().where('id', '=', custId).executeTakeFirst();
  if (!row) throw new AppError(2102);
  return row;
}

/** The user with this account, else 2001. */
export async function userOrRefuse(db: Db, account: string): Promise<Selectable<UsersTable>> {
  const row = await db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
  if (!row) throw new AppError(2001);
  return row;
}

/** 2003 when a user or an administrator has the account already (one sign-in name, one person). */
export async function assertAccountFree(db: Db, account: string): Promise<void> {
  const [user, admin] = await Promise.all([
    db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirst(),
    db.selectFrom('administrators').select('id').where('account', '=', account).executeTakeFirst(),
  ]);
  if (user || admin) throw new AppError(2003);
}

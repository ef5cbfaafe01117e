import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { UsersTable } from '../../db/schema.js';

/** A user with everything login and authentication check: its privilege and customer. */
export type UserAccessRow = Selectable<UsersTable> & {
  privilege_status: 'active' | 'deactivated';
  tasks_privilege: string;
  customer_status: 'active' | 'suspended';
  customer_name: string;
};

function userAccessQuery(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('privileges', 'privileges.id', 'users.privilege_id')
    .innerJoin('customers', 'customers.id', 'users.cust_id')
    .select([
      'users.id',
      'users.cust_id',
      'users.account',
      'users.name',
      'users.email',
      'users.password_hash',
      'users.privilege_id',
      'users.roles',
      'users.reserved',
      'users.status',
      'users.max_sessions',
      'privileges.status as privilege_status',
      'privileges.tasks_privilege',
      'customers.status as customer_status',
      'customers.name as customer_name',
    ]);
}

export function findUserByAccount(db: Db, account: string): Promise<UserAccessRow | undefined> {
  return userAccessQuery(db).where('users.account', '=', account).executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<UserAccessRow | undefined> {
  return userAccessQuery(db).where('users.id', '=', id).executeTakeFirst();
}

export function findAdminByAccount(db: Db, account: string) {
  return db.selectFrom('administrators').selectAll().where('account', '=', account).executeTakeFirst();
}

export function findAdminById(db: Db, id: number) {
  return db.selectFrom('administrators').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCustomerById(db: Db, id: number) {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

import { FULL_TASKS_PRIVILEGE, ROLES } from '../../shared/roles.js';
import type { Config } from '../config.js';
import { hashPassword, randomPassword } from '../security/password.js';
import type { Db } from './connection.js';
import { runSerially } from './exclusive.js';
import { seedNodeCatalogueIfEmpty } from './node-catalogue.js';

export interface SeededCredentials {
  customer: { account: string; password: string; custId: number };
  admin: { account: string; password: string };
}

const SEED_POINTS = 10_000;

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function oneYearLater(ms: number): string {
  const date = new Date(ms);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return isoDate(date.getTime());
}

async function isEmpty(db: Db): Promise<boolean> {
  const [customer, admin] = await Promise.all([
    db.selectFrom('customers').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('administrators').select('id').limit(1).executeTakeFirst(),
  ]);
  return !customer && !admin;
}

/**
 * First run only (empty database): one customer with a contract, a full privilege, one customer
 * account and one administrator. Answers the credentials so the caller can print them once; later
 * runs answer undefined and change nothing.
 */
export function seedIfEmpty(db: Db, config: Config, now: number = Date.now()): Promise<SeededCredentials | undefined> {
  // Instances started at once on one empty PostgreSQL database: one seeds, the others then find it seeded.
  return runSerially(db, 'first-start-seed', () => seedUnlessSeeded(db, config, now));
}

async function seedUnlessSeeded(db: Db, config: Config, now: number): Promise<SeededCredentials | undefined> {
  // Its own check: a database from before the node catalogue existed still gets it.
  await seedNodeCatalogueIfEmpty(db, now);
  if (!(await isEmpty(db))) return undefined;
  const customerPassword = config.seedCustomer.password ?? randomPassword();
  const adminPassword = config.seedAdmin.password ?? randomPassword();
  const [customerHash, adminHash] = await Promise.all([hashPassword(customerPassword), hashPassword(adminPassword)]);
  return db.transaction().execute(async (trx) => {
    const customer = await trx
      .insertInto('customers')
      .values({ name: 'Demo Customer', tax_id: '04595257', status: 'active' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('contracts')
      .values({ cust_id: customer.id, start_date: isoDate(now), end_date: oneYearLater(now), purchased_points: SEED_POINTS, used_points: 0 })
      .execute();
    const privilege = await trx
      .insertInto('privileges')
      .values({ name: 'Full access', status: 'active', tasks_privilege: JSON.stringify(FULL_TASKS_PRIVILEGE) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('users')
      .values({
        cust_id: customer.id,
        account: config.seedCustomer.account,
        name: 'Demo User',
        email: `${config.seedCustomer.account}@example.com`,
        password_hash: customerHash,
        privilege_id: privilege.id,
        roles: JSON.stringify([ROLES.CUSTOMER]),
        reserved: 0,
        status: 'active',
        max_sessions: null,
      })
      .execute();
    await trx
      .insertInto('administrators')
      .values({ account: config.seedAdmin.account, name: 'Administrator', password_hash: adminHash, status: 'active' })
      .execute();
    return {
      customer: { account: config.seedCustomer.account, password: customerPassword, custId: customer.id },
      admin: { account: config.seedAdmin.account, password: adminPassword },
    };
  });
}

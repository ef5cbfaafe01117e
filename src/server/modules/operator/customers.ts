import type { z } from 'zod';
import type { CustomerCreateBody, CustomerListEntry, PlatformCustomer } from '../../../shared/calls/platform-ops.js';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { CustomersTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { findCurrentContract } from '../account/repo.js';
import { endSessionsOf } from '../auth/session-repo.js';
import { contractView, customerView, todayOf, type OperatorContext } from './records.js';

type CustomerRow = Selectable<CustomersTable>;

/** A new customer; 2101 when one has the tax id already (a company is one customer). */
export async function createCustomer(ctx: OperatorContext, body: z.output<typeof CustomerCreateBody>): Promise<PlatformCustomer> {
  return ctx.db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('customers').select('id').where('tax_id', '=', body.taxId).executeTakeFirst();
    if (taken) throw new AppError(2101);
    const row = await trx.insertInto('customers').values({ name: body.name, tax_id: body.taxId, status: 'active' }).returningAll().executeTakeFirstOrThrow();
    return customerView(row);
  });
}

async function setCustomerStatus(db: Db, custId: number, status: CustomersTable['status']): Promise<CustomerRow> {
  const row = await db.updateTable('customers').set({ status }).where('id', '=', custId).returningAll().executeTakeFirst();
  if (!row) throw new AppError(2102);
  return row;
}

/** Suspends the customer and ends its users' open sessions (their next call: 2005). */
export async function suspendCustomer(ctx: OperatorContext, custId: number): Promise<PlatformCustomer & { endedSessions: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await setCustomerStatus(trx, custId, 'suspended');
    const endedSessions = await endSessionsOf(trx, { custId }, 2005, ctx.now());
    return { ...customerView(row), endedSessions };
  });
}

export async function resumeCustomer(ctx: OperatorContext, custId: number): Promise<PlatformCustomer> {
  return customerView(await setCustomerStatus(ctx.db, custId, 'active'));
}

export async function listCustomers(ctx: OperatorContext): Promise<{ customers: z.output<typeof CustomerListEntry>[] }> {
  const rows = await ctx.db
    .selectFrom('customers')
    .leftJoin('users', 'users.cust_id', 'customers.id')
    .select(['customers.id', 'customers.name', 'customers.tax_id', 'customers.status', (eb) => eb.fn.count<number>('users.id').as('users')])
    .groupBy('customers.id')
    .orderBy('customers.id')
    .execute();
  const today = todayOf(ctx);
  const customers = await Promise.all(
    rows.map(async (row) => {
      const contract = await findCurrentContract(ctx.db, row.id, today);
      return { ...customerView(row), users: Number(row.users), contract: contract ? contractView(contract) : null };
    }),
  );
  return { customers };
}

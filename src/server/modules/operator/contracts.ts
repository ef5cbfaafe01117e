import type { z } from 'zod';
import type { ContractCreateBody, ContractTopupBody, PlatformContract } from '../../../shared/calls/platform-ops.js';
import { AppError } from '../../http/app-error.js';
import { insertPointTransaction } from '../domain/points-repo.js';
import { contractView, customerOrRefuse, type OperatorContext } from './records.js';

/**
 * A contract for the customer: 2121 when it ends before it starts, 2109 when another contract of
 * the customer overlaps its dates (the contract in force must be one). Its purchased points are
 * the log's starting balance (no row: the seed's contract has none either).
 */
export async function createContract(ctx: OperatorContext, body: z.output<typeof ContractCreateBody>): Promise<PlatformContract> {
  if (body.endDate < body.startDate) throw new AppError(2121);
  return ctx.db.transaction().execute(async (trx) => {
    await customerOrRefuse(trx, body.custId);
    const overlapping = await trx
      .selectFrom('contracts')
      .select('id')
      .where('cust_id', '=', body.custId)
      .where('start_date', '<=', body.endDate)
      .where('end_date', '>=', body.startDate)
      .executeTakeFirst();
    if (overlapping) throw new AppError(2109);
    const row = await trx
      .insertInto('contracts')
      .values({ cust_id: body.custId, start_date: body.startDate, end_date: body.endDate, purchased_points: body.purchasedPoints, used_points: 0 })
      .returningAll()
      .executeTakeFirstOrThrow();
    return contractView(row);
  });
}

/** Adds purchased points with a 'topup' row in the points log; 2108 unknown contract, 2110 past the points' ceiling. */
export async function topUpContract(ctx: OperatorContext, body: z.output<typeof ContractTopupBody>): Promise<PlatformContract> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('contracts').selectAll().where('id', '=', body.contractId).executeTakeFirst();
    if (!before) throw new AppError(2108);
    if (before.purchased_points + body.points > Number.MAX_SAFE_INTEGER) throw new AppError(2110);
    const row = await trx
      .updateTable('contracts')
      .set((eb) => ({ purchased_points: eb('purchased_points', '+', body.points) }))
      .where('id', '=', body.contractId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError(2110);
    await insertPointTransaction(trx, {
      cust_id: row.cust_id,
      contract_id: row.id,
      task_id: null,
      kind: 'topup',
      points: -body.points,
      balance_after: row.purchased_points - row.used_points,
      created_at: ctx.now(),
      note: body.note ?? '',
    });
    return contractView(row);
  });
}

export async function listContracts(ctx: OperatorContext, custId: number): Promise<{ contracts: PlatformContract[] }> {
  await customerOrRefuse(ctx.db, custId);
  const rows = await ctx.db.selectFrom('contracts').selectAll().where('cust_id', '=', custId).orderBy('start_date', 'desc').orderBy('id', 'desc').execute();
  return { contracts: rows.map(contractView) };
}

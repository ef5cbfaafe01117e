import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { PointTransactionsTable } from '../../db/schema-points.js';

export interface ContractPoints {
  purchasedPoints: number;
  usedPoints: number;
}

/**
 * Adds `points` to the contract's used points only if its remaining points cover them: one
 * conditional UPDATE, so concurrent charges can never overspend. Undefined when they do not.
 */
export async function chargeContract(db: Db, contractId: number, points: number): Promise<ContractPoints | undefined> {
  const row = await db
    .updateTable('contracts')
    .set((eb) => ({ used_points: eb('used_points', '+', points) }))
    .where('id', '=', contractId)
    .where((eb) => eb(eb('purchased_points', '-', eb.ref('used_points')), '>=', points))
    .returning(['purchased_points', 'used_points'])
    .executeTakeFirst();
  return row ? { purchasedPoints: row.purchased_points, usedPoints: row.used_points } : undefined;
}

/** Takes `points` off the contract's used points, never below 0. */
export async function creditContract(db: Db, contractId: number, points: number): Promise<ContractPoints> {
  const row = await db
    .updateTable('contracts')
    .set((eb) => ({
      used_points: eb
        .case()
        .when(eb('used_points', '<', points))
        .then(0)
        .else(eb('used_points', '-', points))
        .end(),
    }))
    .where('id', '=', contractId)
    .returning(['purchased_points', 'used_points'])
    .executeTakeFirstOrThrow();
  return { purchasedPoints: row.purchased_points, usedPoints: row.used_points };
}

export async function insertPointTransaction(db: Db, values: Insertable<PointTransactionsTable>): Promise<void> {
  await db.insertInto('point_transactions').values(values).execute();
}

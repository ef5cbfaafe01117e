import type { Generated } from 'kysely';

export type PointTransactionKind = 'create' | 'update' | 'delete';

/** One movement of a contract's used points by a task change (migration 0007). */
export interface PointTransactionsTable {
  id: Generated<number>;
  cust_id: number;
  contract_id: number;
  task_id: number;
  kind: PointTransactionKind;
  /** Signed change of the contract's used points: a charge is positive, a give-back negative. */
  points: number;
  /** The contract's remaining points (purchased − used) after this change. */
  balance_after: number;
  created_at: number;
  /** The task's name at the time of the change. */
  note: string;
}

export interface PointTables {
  point_transactions: PointTransactionsTable;
}

import type { Generated } from 'kysely';
import type { PointTransactionKind } from '../../shared/points.js';

export type { PointTransactionKind };

/**
 * One movement of a contract's points (migration 0007; 0024 added rows without a task): a task
 * change moves used points, an operator's top-up moves purchased points.
 */
export interface PointTransactionsTable {
  id: Generated<number>;
  cust_id: number;
  contract_id: number;
  /** Null for rows of no task (top-ups). */
  task_id: number | null;
  kind: PointTransactionKind;
  /**
   * What the change took from the contract's remaining points: a charge is positive; a give-back
   * and a top-up are negative. Each row's balance_after is the
   * previous one's minus points.
   */
  points: number;
  /** The contract's remaining points (purchased − used) after this change. */
  balance_after: number;
  created_at: number;
  /** The task's name at the time of the change; the operator's note for a top-up. */
  note: string;
}

export interface PointTables {
  point_transactions: PointTransactionsTable;
}

import type { z } from 'zod';
import {
  TRANSLOG_EXPORT_CHUNK,
  type TranslogExportAnswer,
  type TranslogExportBody,
  type TranslogListAnswer,
  type TranslogListBody,
  type TranslogRow,
} from '../../../shared/calls/account.js';
import { MONITOR_TYPE_CODES, type MonitorType } from '../../../shared/codes.js';
import { TASK_POINT_TRANSACTION_KINDS, isPointTransactionKind } from '../../../shared/points.js';
import type { ServerContext } from '../../context.js';
import { isoTime } from '../../db/columns.js';
import { AppError, badParameter, fieldError } from '../../http/app-error.js';
import { countTransactions, transactionPosition, transactionRows, type TransactionRow, type TranslogQuery } from './translog-repo.js';

/**
 * The customer's points log (spec §1 /account/translog): every movement of the contract's points,
 * newest first, with the task it was for. Reads only; every query is the caller's customer's.
 */

type TranslogContext = Pick<ServerContext, 'db'>;

const END_BEFORE_START = 2121;

function filtersOf(body: { kind?: string | undefined; from?: number | undefined; to?: number | undefined }): TranslogQuery {
  if (body.from !== undefined && body.to !== undefined && !(body.to > body.from)) throw new AppError(END_BEFORE_START);
  return { kind: body.kind, from: body.from, to: body.to };
}

const monitorTypeOf = (type: number | null): MonitorType | null => (MONITOR_TYPE_CODES.find((code) => code === type) ?? null);

function taskOf(row: TransactionRow): TranslogRow['task'] {
  if (!TASK_POINT_TRANSACTION_KINDS.includes(row.kind) || row.task_id === null) return null;
  const known = row.row_task_id !== null;
  return {
    id: row.task_id,
    // The task's name when the points moved: the log reads as it happened.
    name: row.note,
    type: monitorTypeOf(row.type),
    domain: row.domain,
    port: row.port,
    otherPath: row.other_path,
    exists: known && row.deleted_at === null,
  };
}

function rowAnswer(row: TransactionRow): TranslogRow {
  const task = taskOf(row);
  return {
    id: row.id,
    createdAt: isoTime(row.created_at),
    // A kind this build does not know (written by a newer one) reads as an adjustment.
    kind: isPointTransactionKind(row.kind) ? row.kind : 'adjust',
    points: row.points,
    balanceAfter: row.balance_after,
    task,
    note: task === null ? row.note : '',
  };
}

/** A page, newest first; 2121 when `to` is not after `from`. */
export async function listTranslog(ctx: TranslogContext, custId: number, body: z.output<typeof TranslogListBody>): Promise<TranslogListAnswer> {
  const filters = filtersOf(body);
  const total = await countTransactions(ctx.db, custId, filters);
  const rows = await transactionRows(ctx.db, custId, filters, { limit: body.pageSize, offset: (body.page - 1) * body.pageSize });
  return { list: rows.map(rowAnswer), total };
}

/** The row a chunk continues after; 1001 on `beforeId` when it is not one of the customer's rows. */
async function chunkStart(ctx: TranslogContext, custId: number, beforeId: number | undefined) {
  if (beforeId === undefined) return undefined;
  const position = await transactionPosition(ctx.db, custId, beforeId);
  if (!position) throw badParameter([fieldError('beforeId', 10010003)]);
  return position;
}

/** The same filter in chunks for a file: keyset on (time, id), so a late chunk costs what the first does. */
export async function exportTranslog(ctx: TranslogContext, custId: number, body: z.output<typeof TranslogExportBody>): Promise<TranslogExportAnswer> {
  const filters = filtersOf(body);
  // Counted with the first chunk only: the console reads the total there.
  const total = body.beforeId === undefined ? await countTransactions(ctx.db, custId, filters) : null;
  const rows = await transactionRows(ctx.db, custId, { ...filters, after: await chunkStart(ctx, custId, body.beforeId) }, { limit: TRANSLOG_EXPORT_CHUNK, offset: 0 });
  const last = rows.at(-1);
  return { rows: rows.map(rowAnswer), total, nextBeforeId: rows.length === TRANSLOG_EXPORT_CHUNK && last ? last.id : null };
}

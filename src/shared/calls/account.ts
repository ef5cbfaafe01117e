import { z } from 'zod';
import { MONITOR_TYPE_CODES } from '../codes.js';
import { POINT_TRANSACTION_KINDS } from '../points.js';
import { epochMsRule } from '../validation/rules.js';
import { Paging, Timestamp } from './common.js';
import { NoBody, defineCall } from './define.js';

export const Contract = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  purchasedPoints: z.number().int(),
  usedPoints: z.number().int(),
  remainingPoints: z.number().int(),
});
export type Contract = z.infer<typeof Contract>;

export const AccountInfo = z.object({
  customer: z.object({ id: z.number().int(), name: z.string(), taxId: z.string() }),
  contract: Contract.nullable(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

/** A user of the customer as the account screen lists them: no password data, no sessions. */
export const AccountUser = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['active', 'suspended']),
  /** False when the user's privilege is deactivated (the user cannot sign in, 2006). */
  privilegeActive: z.boolean(),
  roles: z.array(z.string()),
});
export type AccountUser = z.infer<typeof AccountUser>;
export const AccountUsersAnswer = z.object({ list: z.array(AccountUser) });
export type AccountUsersAnswer = z.infer<typeof AccountUsersAnswer>;

/** The points log's filters: a kind, and [from, to) in epoch ms (a row exactly at `from` is in, at `to` out). */
export const TranslogFilters = z.strictObject({
  kind: z.enum(POINT_TRANSACTION_KINDS).optional(),
  from: epochMsRule.optional(),
  to: epochMsRule.optional(),
});
export type TranslogFilters = z.input<typeof TranslogFilters>;

export const TranslogListBody = Paging.extend(TranslogFilters.shape);
export type TranslogListBody = z.input<typeof TranslogListBody>;

/** The task a transaction moved points for: its name at the time; type and target from the task row. */
export const TranslogTask = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.literal(MONITOR_TYPE_CODES).nullable(),
  domain: z.string().nullable(),
  port: z.number().int().nullable(),
  otherPath: z.string().nullable(),
  /** False once the task is deleted: the console then says "deleted task" instead of linking to it. */
  exists: z.boolean(),
});
export type TranslogTask = z.infer<typeof TranslogTask>;

export const TranslogRow = z.object({
  id: z.number().int(),
  createdAt: Timestamp,
  kind: z.enum(POINT_TRANSACTION_KINDS),
  /** Signed change of the contract's used points: a charge is positive, a give-back negative. */
  points: z.number().int(),
  /** The contract's remaining points after this transaction. */
  balanceAfter: z.number().int(),
  /** Null for transactions no task caused (an operator's top-up or adjustment). */
  task: TranslogTask.nullable(),
  /** The operator's note of a top-up or adjustment; empty for task changes. */
  note: z.string(),
});
export type TranslogRow = z.infer<typeof TranslogRow>;

export const TranslogListAnswer = z.object({ list: z.array(TranslogRow), total: z.number().int() });
export type TranslogListAnswer = z.infer<typeof TranslogListAnswer>;

/** Rows one export call answers. */
export const TRANSLOG_EXPORT_CHUNK = 1_000;
/** Most rows one export file holds ("the first N of M" beyond). */
export const TRANSLOG_EXPORT_MAX_ROWS = 50_000;

export const TranslogExportBody = TranslogFilters.extend({
  /** Continue after this row (the previous chunk's `nextBeforeId`); none for the first chunk. */
  beforeId: z.number().int().positive().optional(),
});
export type TranslogExportBody = z.input<typeof TranslogExportBody>;
export const TranslogExportAnswer = z.object({
  rows: z.array(TranslogRow),
  /** Rows of the whole filter (all chunks), with the first chunk; null with the others. */
  total: z.number().int().nullable(),
  /** Where the next chunk starts; null after the last one. */
  nextBeforeId: z.number().int().nullable(),
});
export type TranslogExportAnswer = z.infer<typeof TranslogExportAnswer>;

const account = { access: 'session', mutation: false, area: 'overview' } as const;

export const accountCalls = {
  accountInfo: defineCall({
    method: 'POST',
    path: '/account/info',
    summary: 'The customer in view and its current contract points.',
    body: NoBody,
    answer: AccountInfo,
    ...account,
  }),
  accountUsers: defineCall({
    method: 'POST',
    path: '/account/users',
    summary: "The customer's users (account, name, email, status, whether their privilege is active, roles), by account.",
    body: NoBody,
    answer: AccountUsersAnswer,
    ...account,
  }),
  accountTranslog: defineCall({
    method: 'POST',
    path: '/account/translog',
    summary: "A page of the customer's point transactions, newest first, filtered by kind and time [from, to) (2121 when `to` is not after `from`).",
    body: TranslogListBody,
    answer: TranslogListAnswer,
    ...account,
  }),
  accountTranslogExport: defineCall({
    method: 'POST',
    path: '/account/translog/export',
    summary: `Every point transaction of the same filters, newest first, ${TRANSLOG_EXPORT_CHUNK} a call: pass the answer's nextBeforeId as beforeId for the next chunk.`,
    body: TranslogExportBody,
    answer: TranslogExportAnswer,
    ...account,
  }),
} as const;

import { z } from 'zod';
import { INBOX_STATUS, INBOX_TYPES } from '../codes.js';
import { atLeastOne } from '../validation/rules.js';
import { Paging, Timestamp } from './common.js';
import { defineCall, NoBody } from './define.js';

export const ElapsedTime = z.object({
  day: z.number().int(),
  hour: z.number().int(),
  minute: z.number().int(),
  second: z.number().int(),
  ms: z.number().int(),
});

export const InboxItemData = z.object({
  total: z.number().int(),
  processed: z.number().int(),
  success: z.number().int(),
  fail: z.number().int(),
  elapsedTime: ElapsedTime,
  endtime: Timestamp.nullable(),
  percent: z.number(),
  action: z.string(),
  faildata: z.array(z.record(z.string(), z.unknown())),
});

const InboxStatusCode = z.union([z.literal(INBOX_STATUS.NOTIFY), z.literal(INBOX_STATUS.PROCESSING), z.literal(INBOX_STATUS.FINISHED)]);

export const InboxItem = z.object({
  sno: z.string(),
  type: z.string(),
  status: InboxStatusCode,
  title: z.string(),
  /** Parameters of the localized title (the title is a translation key). */
  titleParams: z.record(z.string(), z.union([z.string(), z.number()])),
  data: InboxItemData.partial(),
  read: z.boolean(),
  createdAt: Timestamp,
});
export type InboxItem = z.infer<typeof InboxItem>;

/** A page of the inbox, optionally only one type and/or one status (the inbox screen's filters). */
export const InboxListBody = Paging.partial()
  .extend({ type: z.enum(INBOX_TYPES).optional(), status: InboxStatusCode.optional() })
  .optional();
export const InboxListAnswer = z.object({
  list: z.array(InboxItem),
  total: z.number().int(),
  unread: z.number().int(),
});
export type InboxListAnswer = z.infer<typeof InboxListAnswer>;

/** Most items one "mark read" names: a page of the bell is far fewer. */
export const INBOX_READ_MAX = 100;

export const InboxReadBody = z.strictObject({
  /** The caller's own items; others' and unknown ones are passed over. */
  snos: atLeastOne(z.string().min(1).max(64)).max(INBOX_READ_MAX),
});
export type InboxReadBody = z.input<typeof InboxReadBody>;

/** The unread count after the change, so the bell's count falls without another call. */
export const InboxReadAnswer = z.object({ unread: z.number().int() });
export type InboxReadAnswer = z.infer<typeof InboxReadAnswer>;

export const InboxItemBody = z.strictObject({ sno: z.string().min(1).max(64) });
export type InboxItemBody = z.input<typeof InboxItemBody>;

export const inboxCalls = {
  inboxItem: defineCall({
    method: 'POST',
    path: '/inbox/item',
    summary: "One item of the signed-in user's inbox with all its data (an import's failed rows included); 2106 when it is not theirs or unknown.",
    body: InboxItemBody,
    answer: InboxItem,
    access: 'session',
    mutation: false,
  }),
  inboxList: defineCall({
    method: 'POST',
    path: '/inbox/list',
    summary: "The signed-in user's inbox, newest first, with the unread count.",
    body: InboxListBody,
    answer: InboxListAnswer,
    access: 'session',
    mutation: false,
    silent: true,
  }),
  inboxRead: defineCall({
    method: 'POST',
    path: '/inbox/read',
    summary: "Marks the named items of the signed-in user's inbox read; answers the unread count. Refused while an administrator views a customer (2007).",
    body: InboxReadBody,
    answer: InboxReadAnswer,
    access: 'session',
    mutation: true,
  }),
  inboxReadAll: defineCall({
    method: 'POST',
    path: '/inbox/read_all',
    summary: "Marks every item of the signed-in user's inbox read; answers the unread count (0). Refused while an administrator views a customer (2007).",
    body: NoBody,
    answer: InboxReadAnswer,
    access: 'session',
    mutation: true,
  }),
} as const;

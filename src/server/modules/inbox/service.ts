import { z } from 'zod';
import { InboxItem, type InboxListAnswer, type InboxListBody, type InboxReadAnswer } from '../../../shared/calls/inbox.js';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants.js';
import type { Principal, ServerContext } from '../../context.js';
import type { InboxItemsTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { countFilteredInboxItems, countInboxItems, findInboxItem, listInboxItems, markInboxRead, type InboxOwner, type InboxScope } from './repo.js';

const TitleParams = InboxItem.shape.titleParams;
const ItemData = InboxItem.shape.data;

function parseJson<T extends z.ZodType>(schema: T, json: string, fallback: z.output<T>): z.output<T> {
  try {
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** An item as the calls answer it; a list leaves the failed rows out (up to the import's row cap each), `inboxItem` brings them. */
function toItem(row: InboxItemsTable, withFailedRows = false): InboxItem {
  const data = parseJson(ItemData, row.data, {});
  if (!withFailedRows) delete data.faildata;
  return {
    sno: row.sno,
    type: row.type,
    status: row.status === 1 ? 1 : row.status === 2 ? 2 : 0,
    title: row.title,
    titleParams: parseJson(TitleParams, row.title_params, {}),
    data,
    read: row.read !== 0,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const scopeOf = (principal: Principal): InboxScope => ({ custId: principal.custId, userId: principal.userId });

/**
 * A page of the inbox, narrowed by type and status when asked: `total` counts what the filters
 * let through (the pager's), `unread` the whole inbox (the bell's count, what "mark all read" clears).
 */
export async function listInbox(ctx: ServerContext, principal: Principal, body: z.output<typeof InboxListBody>): Promise<InboxListAnswer> {
  const page = body?.page ?? 1;
  const pageSize = body?.pageSize ?? DEFAULT_PAGE_SIZE;
  const filter = { type: body?.type, status: body?.status };
  const scope = scopeOf(principal);
  const [rows, total, counts] = await Promise.all([
    listInboxItems(ctx.db, scope, filter, pageSize, (page - 1) * pageSize),
    countFilteredInboxItems(ctx.db, scope, filter),
    countInboxItems(ctx.db, scope),
  ]);
  return { list: rows.map((row) => toItem(row)), total, unread: counts.unread };
}

/** One item of the caller's inbox (an administrator's view: of the customer's) with all its data; 2106 otherwise. */
export async function inboxItem(ctx: ServerContext, principal: Principal, sno: string): Promise<InboxItem> {
  const row = await findInboxItem(ctx.db, scopeOf(principal), sno);
  if (!row) throw new AppError(2106);
  return toItem(row, true);
}

/** Only a user's own session changes their inbox (the call table already refuses an administrator's view). */
function ownerOf(principal: Principal): InboxOwner {
  if (principal.userId === null) throw new AppError(2007);
  return { custId: principal.custId, userId: principal.userId };
}

/** Marks the caller's named items read (all of them without `snos`) and answers the unread count left. */
export async function markRead(ctx: ServerContext, principal: Principal, snos?: readonly string[]): Promise<InboxReadAnswer> {
  const owner = ownerOf(principal);
  await markInboxRead(ctx.db, owner, snos);
  const { unread } = await countInboxItems(ctx.db, owner);
  return { unread };
}

import { z } from 'zod';
import { InboxItem, type InboxListAnswer, type InboxReadAnswer } from '../../../shared/calls/inbox.js';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants.js';
import type { Principal, ServerContext } from '../../context.js';
import type { InboxItemsTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { countInboxItems, listInboxItems, markInboxRead, type InboxOwner } from './repo.js';

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

function toItem(row: InboxItemsTable): InboxItem {
  return {
    sno: row.sno,
    type: row.type,
    status: row.status === 1 ? 1 : row.status === 2 ? 2 : 0,
    title: row.title,
    titleParams: parseJson(TitleParams, row.title_params, {}),
    data: parseJson(ItemData, row.data, {}),
    read: row.read !== 0,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function listInbox(
  ctx: ServerContext,
  principal: Principal,
  paging: { page?: number | undefined; pageSize?: number | undefined } | undefined,
): Promise<InboxListAnswer> {
  const page = paging?.page ?? 1;
  const pageSize = paging?.pageSize ?? DEFAULT_PAGE_SIZE;
  const scope = { custId: principal.custId, userId: principal.userId };
  const [rows, counts] = await Promise.all([
    listInboxItems(ctx.db, scope, pageSize, (page - 1) * pageSize),
    countInboxItems(ctx.db, scope),
  ]);
  return { list: rows.map(toItem), ...counts };
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

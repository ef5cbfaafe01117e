import type { InboxItem } from '../../../shared/calls/inbox.js';
import { INBOX_STATUS } from '../../../shared/codes.js';
import { canAccess, type TaskArea } from '../../../shared/roles.js';
import type { Db } from '../../db/connection.js';
import { parseRoles, parseTasksPrivilege } from '../auth/privileges.js';
import type { Urgency } from '../push/deliver.js';
import type { InboxPushNotifier } from '../push/sender.js';
import { activeUsersOf, insertInboxItems, takeInboxSnos, type NewInboxItem } from './repo.js';

/** What the producer needs: the database, the clock, and the push sender when the app has one. */
export interface InboxEventContext {
  db: Db;
  now: () => number;
  log?: { warn: (fields: object, message: string) => void } | undefined;
  push?: InboxPushNotifier | undefined;
}

export type InboxParams = Record<string, string | number>;

/**
 * One event for the inbox: a row per recipient, and a push to each recipient's devices with the
 * title and body in the device's language. Texts are keys of the `push` namespace
 * (locales/<lng>/push.json); the row keeps the title key and its params, so the bell shows it in
 * the reader's language too.
 */
export interface InboxEvent {
  custId: number;
  /** These users of the customer, or every user of the customer who can sign in. */
  to: readonly number[] | 'customer';
  /** Only recipients whose privilege opens this task area (managers always). */
  area?: TaskArea;
  /** `deploy`, `import`, `alert`, … */
  type: string;
  /** Inbox status (0 notice, 1 processing, 2 finished); notice when left out. */
  status?: InboxItem['status'];
  /** e.g. `push:events.deploy.completed.title` */
  titleKey: string;
  bodyKey: string;
  params?: InboxParams;
  data?: InboxItem['data'];
  urgency?: Urgency;
}

export interface PublishedInboxItem {
  sno: string;
  userId: number;
}

async function recipientsOf(db: Db, event: InboxEvent): Promise<number[]> {
  const users = await activeUsersOf(db, event.custId, event.to === 'customer' ? undefined : event.to);
  const area = event.area;
  if (!area) return users.map((user) => user.id);
  return users
    .filter((user) => canAccess({ roles: parseRoles(user.roles), tasksPrivilege: parseTasksPrivilege(user.tasks_privilege) }, { area }))
    .map((user) => user.id);
}

/**
 * The one way anything puts an event in the inbox: writes the rows (one transaction), then hands
 * them to push without waiting. Call it after the change that caused the event has committed,
 * never inside another transaction. Answers the items written (none when nobody may receive it).
 */
export async function publishInboxEvent(ctx: InboxEventContext, event: InboxEvent): Promise<PublishedInboxItem[]> {
  const recipients = await recipientsOf(ctx.db, event);
  if (recipients.length === 0) return [];
  const createdAt = ctx.now();
  const params = event.params ?? {};
  const rows = await ctx.db.transaction().execute(async (trx) => {
    const first = await takeInboxSnos(trx, recipients.length);
    const items: NewInboxItem[] = recipients.map((userId, index) => ({
      sno: String(first + index),
      custId: event.custId,
      userId,
      type: event.type,
      status: event.status ?? INBOX_STATUS.NOTIFY,
      title: event.titleKey,
      titleParams: JSON.stringify(params),
      data: JSON.stringify(event.data ?? {}),
      createdAt,
    }));
    await insertInboxItems(trx, items);
    return items;
  });
  ctx.push?.notifyInbox(
    event.custId,
    rows.map((row) => ({
      userId: row.userId,
      sno: Number(row.sno),
      titleKey: event.titleKey,
      bodyKey: event.bodyKey,
      params,
      ...(event.urgency ? { urgency: event.urgency } : {}),
    })),
  );
  return rows.map((row) => ({ sno: row.sno, userId: row.userId }));
}

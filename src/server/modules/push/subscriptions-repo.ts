import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { PushSubscriptionsTable } from '../../db/schema-push.js';

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

export interface NewPushSubscription {
  endpoint: string;
  custId: number;
  userId: number;
  p256dh: string;
  auth: string;
  language: string;
}

/** Stores the endpoint for the user; an endpoint another user had moves to this one (one browser, one user). */
export async function upsertSubscription(db: Db, subscription: NewPushSubscription, now: number): Promise<void> {
  const values = {
    endpoint: subscription.endpoint,
    cust_id: subscription.custId,
    user_id: subscription.userId,
    p256dh: subscription.p256dh,
    auth: subscription.auth,
    language: subscription.language,
    created_at: now,
  };
  await db
    .insertInto('push_subscriptions')
    .values(values)
    .onConflict((conflict) =>
      conflict.column('endpoint').doUpdateSet({
        cust_id: values.cust_id,
        user_id: values.user_id,
        p256dh: values.p256dh,
        auth: values.auth,
        language: values.language,
        created_at: values.created_at,
      }),
    )
    .execute();
}

/** Keeps the user's newest `keep` subscriptions (devices long gone are never answered 410 by some services). */
export async function trimUserSubscriptions(db: Db, userId: number, keep: number): Promise<void> {
  const kept = db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(keep);
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', 'not in', kept).execute();
}

export async function deleteUserSubscription(db: Db, scope: { custId: number; userId: number }, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('cust_id', '=', scope.custId)
    .where('user_id', '=', scope.userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function hasUserSubscription(db: Db, scope: { custId: number; userId: number }, endpoint: string): Promise<boolean> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('endpoint', '=', endpoint)
    .where('cust_id', '=', scope.custId)
    .where('user_id', '=', scope.userId)
    .executeTakeFirst();
  return row !== undefined;
}

export function subscriptionsOfUsers(db: Db, custId: number, userIds: readonly number[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('push_subscriptions').selectAll().where('cust_id', '=', custId).where('user_id', 'in', userIds).execute();
}

/** The push service said the subscription is gone (404/410): forget it, unless it was renewed meanwhile. */
export async function deleteGoneSubscription(db: Db, subscription: Pick<PushSubscriptionRow, 'id' | 'p256dh'>): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).where('p256dh', '=', subscription.p256dh).execute();
}

import type {
  PushEndpointBody,
  PushKeyAnswer,
  PushStatusAnswer,
  PushStatusBody,
  PushSubscribeBody,
  PushUnsubscribeAnswer,
} from '../../../shared/calls/push.js';
import type { Principal } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { AppError, badParameter, fieldError } from '../../http/app-error.js';
import { endpointHostRefused } from './address-guard.js';
import { deleteUserSubscription, hasUserSubscription, trimUserSubscriptions, upsertSubscription } from './subscriptions-repo.js';

/** Devices kept per user; a new one beyond it replaces the one subscribed longest ago. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

export interface PushServiceContext {
  db: Db;
  now: () => number;
  /** The server's VAPID public key (base64url). */
  vapidPublicKey: string;
  allowPrivateEndpoints: boolean;
}

/** Subscriptions belong to a customer's user; an administrator viewing a customer has none. */
function userScope(principal: Principal): { custId: number; userId: number } | undefined {
  return principal.userId === null ? undefined : { custId: principal.custId, userId: principal.userId };
}

export function pushKey(ctx: PushServiceContext): PushKeyAnswer {
  return { publicKey: ctx.vapidPublicKey };
}

export async function pushStatus(ctx: PushServiceContext, principal: Principal, body: PushStatusBody): Promise<PushStatusAnswer> {
  const scope = userScope(principal);
  if (!scope) return { allowed: false, subscribed: false };
  const subscribed = body.endpoint !== undefined && (await hasUserSubscription(ctx.db, scope, body.endpoint));
  return { allowed: true, subscribed };
}

export async function subscribe(ctx: PushServiceContext, principal: Principal, body: PushSubscribeBody): Promise<null> {
  const scope = userScope(principal);
  if (!scope) throw new AppError(403);
  if (await endpointHostRefused(body.endpoint, ctx.allowPrivateEndpoints)) {
    throw badParameter([fieldError('endpoint', 10010004, { reason: 'address' })]);
  }
  const subscription = { ...scope, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, language: body.language };
  await ctx.db.transaction().execute(async (trx) => {
    await upsertSubscription(trx, subscription, ctx.now());
    await trimUserSubscriptions(trx, scope.userId, MAX_SUBSCRIPTIONS_PER_USER);
  });
  return null;
}

/** Only the caller's own subscription goes; another user's or customer's is left alone and not disclosed. */
export async function unsubscribe(ctx: PushServiceContext, principal: Principal, body: PushEndpointBody): Promise<PushUnsubscribeAnswer> {
  const scope = userScope(principal);
  if (!scope) return { removed: false };
  return { removed: await deleteUserSubscription(ctx.db, scope, body.endpoint) };
}

import type { SessionEnd } from '../../lib/session-cleanup.js';
import { forgetEndpointQuietly } from './api.js';
import { existingSubscription } from './device-subscription.js';

/**
 * The session's end drops this browser's push subscription: a next user of the browser must not
 * get the previous user's notifications. Another tab that ended the session did it already; after
 * a 401 the server cannot be told (the push service's 410 tells it later).
 */
export async function dropPushSubscription(end: SessionEnd): Promise<void> {
  if (end.fromOtherTab) return;
  const subscription = await existingSubscription().catch(() => null);
  if (!subscription) return;
  const tellServer = end.reason === 'unauthorized' ? Promise.resolve() : forgetEndpointQuietly(subscription.endpoint);
  await Promise.all([subscription.unsubscribe().catch(() => false), tellServer]);
}

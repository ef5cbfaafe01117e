import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { pushKey, pushStatus, subscribe, unsubscribe, type PushServiceContext } from './service.js';
import { setUpPush } from './setup.js';

/**
 * Web push: the VAPID key pair and the sender (kept on the server context for the inbox producer,
 * closed with the app), and the console's push calls.
 */
export async function registerPush(app: FastifyInstance): Promise<void> {
  const ctx = app.vigil;
  const push = await setUpPush(ctx.config, { db: ctx.db, now: ctx.now, log: app.log });
  ctx.push = push.sender;
  app.addHook('onClose', () => push.sender.close());
  const serviceCtx = (): PushServiceContext => ({
    db: ctx.db,
    now: ctx.now,
    vapidPublicKey: push.vapidPublicKey,
    allowPrivateEndpoints: ctx.config.push.allowPrivateEndpoints,
  });
  registerCall(app, CALLS.pushKey, () => pushKey(serviceCtx()));
  registerCall(app, CALLS.pushStatus, ({ principal, body }) => pushStatus(serviceCtx(), principal, body));
  registerCall(app, CALLS.pushSubscribe, ({ principal, body }) => subscribe(serviceCtx(), principal, body));
  registerCall(app, CALLS.pushUnsubscribe, ({ principal, body }) => unsubscribe(serviceCtx(), principal, body));
}

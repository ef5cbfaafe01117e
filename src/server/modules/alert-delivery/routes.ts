import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { listRecentChats, queueTestMessage } from './service.js';

/** The settings screen's delivery calls; the other alert calls are registered by modules/alerts. */
export function alertDeliveryRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.alertSettingTest, ({ ctx, principal, body }) => queueTestMessage(ctx, principal, body.chatId));
  registerCall(app, CALLS.alertSettingRecentChats, ({ ctx, principal }) => listRecentChats(ctx, principal));
}

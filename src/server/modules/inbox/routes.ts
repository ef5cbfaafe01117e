import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { inboxItem, listInbox, markRead } from './service.js';

export function inboxRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.inboxList, ({ ctx, principal, body }) => listInbox(ctx, principal, body));
  registerCall(app, CALLS.inboxItem, ({ ctx, principal, body }) => inboxItem(ctx, principal, body.sno));
  registerCall(app, CALLS.inboxRead, ({ ctx, principal, body }) => markRead(ctx, principal, body.snos));
  registerCall(app, CALLS.inboxReadAll, ({ ctx, principal }) => markRead(ctx, principal));
}

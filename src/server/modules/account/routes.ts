import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { accountInfo } from './service.js';
import { exportTranslog, listTranslog } from './translog-service.js';
import { accountUsers } from './users-service.js';

export function accountRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.accountInfo, ({ ctx, principal }) => accountInfo(ctx, principal));
  registerCall(app, CALLS.accountUsers, ({ ctx, principal }) => accountUsers(ctx, principal.custId));
  registerCall(app, CALLS.accountTranslog, ({ ctx, principal, body }) => listTranslog(ctx, principal.custId, body));
  registerCall(app, CALLS.accountTranslogExport, ({ ctx, principal, body }) => exportTranslog(ctx, principal.custId, body));
}

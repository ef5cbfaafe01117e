import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { accountInfo } from './service.js';

export function accountRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.accountInfo, ({ ctx, principal }) => accountInfo(ctx, principal));
}

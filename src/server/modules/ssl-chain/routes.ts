import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { checkSslChain } from './service.js';

export function sslChainRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.sslChainCheck, ({ ctx, principal, body }) => checkSslChain(ctx, principal.custId, body));
}

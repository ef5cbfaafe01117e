import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { createSsoCode } from './service.js';

export function platformRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.ssoCode, ({ ctx, body, request }) => createSsoCode(ctx, body, request.ip));
}

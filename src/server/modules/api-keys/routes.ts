import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { createApiKey, listApiKeys, revokeApiKey } from './service.js';

export function apiKeyRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.apiKeyList, ({ ctx, principal }) => listApiKeys(ctx, principal));
  registerCall(app, CALLS.apiKeyCreate, ({ ctx, principal, body }) => createApiKey(ctx, principal, body));
  registerCall(app, CALLS.apiKeyRevoke, ({ ctx, principal, body }) => revokeApiKey(ctx, principal, body.id));
}

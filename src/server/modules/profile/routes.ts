import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { updateProfile, userInfo } from './service.js';

export function profileRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.profile, ({ ctx, principal }) => userInfo(ctx, principal));
  registerCall(app, CALLS.profileUpdate, ({ ctx, principal, body, request }) => updateProfile(ctx, principal, body, request.ip));
}

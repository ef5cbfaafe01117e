import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { loginWithSsoCode } from '../platform/service.js';
import { login, logout, ssoReturnUrl, wakening } from './service.js';

export function authRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.login, ({ ctx, body, request }) => login(ctx, body, request.ip));
  registerCall(app, CALLS.logout, ({ ctx, principal }) => logout(ctx, principal));
  registerCall(app, CALLS.wakening, ({ ctx }) => wakening(ctx));
  registerCall(app, CALLS.loginSso, ({ ctx, body, request }) => loginWithSsoCode(ctx, body.authCode, request.ip));
  registerCall(app, CALLS.ssoReturn, ({ ctx, principal }) => ssoReturnUrl(ctx, principal));
}

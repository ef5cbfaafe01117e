import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { deployResult, rebuild } from './service.js';

export function deploymentRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.domainDeployResult, ({ ctx, principal, body }) => deployResult(ctx, principal.custId, body.id));
  registerCall(app, CALLS.domainRebuild, ({ ctx, principal, body }) => rebuild(ctx, principal.custId, body.id));
}

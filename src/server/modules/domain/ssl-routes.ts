import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { certCheck } from './ssl-certcheck.js';
import { searchSslTasks } from './ssl-search.js';
import { createSslTask, deleteSslTasks, updateSslTask } from './ssl-service.js';

export function sslRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.domainSslSearch, ({ ctx, principal, body }) => searchSslTasks(ctx, principal.custId, body));
  registerCall(app, CALLS.domainSslCreate, ({ ctx, principal, body }) => createSslTask(ctx, principal.custId, body));
  registerCall(app, CALLS.domainSslUpdate, ({ ctx, principal, body }) => updateSslTask(ctx, principal.custId, body));
  registerCall(app, CALLS.domainSslDelete, ({ ctx, principal, body }) => deleteSslTasks(ctx, principal.custId, body.ids));
  registerCall(app, CALLS.domainSslCertcheck, ({ ctx, principal, body }) => certCheck(ctx, principal.custId, body));
}

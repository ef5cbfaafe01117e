import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { createTracerouteTask, searchTracerouteIds, traceResource, tracerouteNodes, updateTracerouteTask } from './trace-service.js';

export function traceRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.domainTracerouteCreate, ({ ctx, principal, body }) => createTracerouteTask(ctx, principal.custId, body));
  registerCall(app, CALLS.domainTracerouteUpdate, ({ ctx, principal, body }) => updateTracerouteTask(ctx, principal.custId, body));
  registerCall(app, CALLS.domainTraceResource, ({ ctx, body }) => traceResource(ctx, body));
  registerCall(app, CALLS.domainSearchTracerouteId, ({ ctx, principal, body }) => searchTracerouteIds(ctx, principal.custId, body));
  registerCall(app, CALLS.domainSearchTracerouteNode, ({ ctx, principal, body }) => tracerouteNodes(ctx, principal.custId, body.id));
}

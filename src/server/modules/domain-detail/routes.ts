import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { failedLogs, latestChecks, tracerouteHistory, tracerouteSnapshot } from './logs-service.js';
import { detailBreakdown, detailSummary, detailTrend } from './service.js';

export function domainDetailRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.domainDetailSummary, ({ ctx, principal, body }) => detailSummary(ctx, principal.custId, body));
  registerCall(app, CALLS.domainDetailTrend, ({ ctx, principal, body }) => detailTrend(ctx, principal.custId, body));
  registerCall(app, CALLS.domainDetailBreakdown, ({ ctx, principal, body }) => detailBreakdown(ctx, principal.custId, body));
  registerCall(app, CALLS.domainDetailFailedLogs, ({ ctx, principal, body }) => failedLogs(ctx, principal.custId, body));
  registerCall(app, CALLS.domainDetailLatest, ({ ctx, principal, body }) => latestChecks(ctx, principal.custId, body.id));
  registerCall(app, CALLS.domainTracerouteHistory, ({ ctx, principal, body }) => tracerouteHistory(ctx, principal.custId, body));
  registerCall(app, CALLS.domainTracerouteSnapshot, ({ ctx, principal, body }) => tracerouteSnapshot(ctx, principal.custId, body));
}

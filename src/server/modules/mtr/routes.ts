import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { recordJobProgress } from './progress.js';
import { mtrHistory, readMtrRun } from './read.js';
import { startMtrRun } from './start.js';

export function mtrRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.domainDetectMtr, ({ ctx, principal, body }) => startMtrRun(ctx, principal.custId, body));
  registerCall(app, CALLS.domainDetectMtrRun, ({ ctx, principal, body }) => readMtrRun(ctx, principal.custId, body.id));
  registerCall(app, CALLS.domainDetectMtrHistory, ({ ctx, principal, body }) => mtrHistory(ctx, principal.custId, body));
  registerCall(app, CALLS.agentJobProgress, ({ ctx, agent, body }) => recordJobProgress(ctx, agent, body));
}

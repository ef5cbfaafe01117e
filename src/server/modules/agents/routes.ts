import type { FastifyInstance, FastifyReply } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { pollJobs, storeJobResult } from './jobs-service.js';
import { recordAgentHeartbeat, registerAgent } from './service.js';
import { acknowledgeAssignments, nodeAssignments, receiveResults } from './work-service.js';

/** Fires when the agent hangs up before its answer was sent, so a held poll stops waiting. */
function hangUpSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export function agentRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.agentRegister, ({ ctx, agent, body }) => registerAgent(ctx, agent, body));
  registerCall(app, CALLS.agentHeartbeat, ({ ctx, agent, body }) => recordAgentHeartbeat(ctx, agent, body));
  registerCall(app, CALLS.agentAssignments, ({ ctx, agent, body }) => nodeAssignments(ctx, agent, body.sinceVersion));
  registerCall(app, CALLS.agentAcknowledge, ({ ctx, agent, body }) => acknowledgeAssignments(ctx, agent, body));
  registerCall(app, CALLS.agentResults, ({ ctx, agent, body }) => receiveResults(ctx, agent, body));
  registerCall(app, CALLS.agentJobs, async ({ ctx, agent, body, reply }) => ({
    jobs: await pollJobs(ctx, agent, body.waitMs, hangUpSignal(reply)),
  }));
  registerCall(app, CALLS.agentJobResult, ({ ctx, agent, body }) => storeJobResult(ctx, agent, body.jobId, body.result));
}

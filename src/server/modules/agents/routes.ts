import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { recordAgentHeartbeat, registerAgent } from './service.js';

export function agentRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.agentRegister, ({ ctx, agent, body }) => registerAgent(ctx, agent, body));
  registerCall(app, CALLS.agentHeartbeat, ({ ctx, agent, body }) => recordAgentHeartbeat(ctx, agent, body));
}

import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { listNodes, nodeCatalogue } from './service.js';

export function nodeRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.nodesList, ({ ctx, body }) => listNodes(ctx, body));
  registerCall(app, CALLS.nodesCatalogue, ({ ctx }) => nodeCatalogue(ctx));
}

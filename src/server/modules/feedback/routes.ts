import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { feedbackTasks, listOwnFeedback, markFeedbackRead, sendFeedback } from './feedback-service.js';
import { listAllFeedbackItems, replyToFeedback } from './operator-feedback-service.js';

export function feedbackRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.feedbackSend, ({ ctx, principal, body }) => sendFeedback(ctx, principal, body));
  registerCall(app, CALLS.feedbackList, ({ ctx, principal, body }) => listOwnFeedback(ctx, principal, body));
  registerCall(app, CALLS.feedbackRead, ({ ctx, principal, body }) => markFeedbackRead(ctx, principal, body.id));
  registerCall(app, CALLS.feedbackTasks, ({ ctx, principal, body }) => feedbackTasks(ctx, principal, body));
  registerCall(app, CALLS.platformFeedbackList, ({ ctx, body }) => listAllFeedbackItems(ctx, body));
  registerCall(app, CALLS.platformFeedbackReply, ({ ctx, body }) => replyToFeedback(ctx, body));
}

import type {
  AcknowledgeBody,
  AssignmentsAnswer,
  ResultsAnswer,
  ResultsBody,
} from '../../../shared/calls/agent-work.js';
import type { z } from 'zod';
import type { ServerContext } from '../../context.js';
import { ingestBatch } from '../../results/index.js';
import { acknowledge, assignmentsForNode } from '../deployments/assignments.js';
import type { AgentNode } from './authenticate.js';
import { addDroppedResults } from './repo.js';

/** What changed in the node's assignments since the version the agent has (0: all of them). */
export function nodeAssignments(ctx: ServerContext, node: AgentNode, sinceVersion: number): Promise<AssignmentsAnswer> {
  return assignmentsForNode(ctx, node.id, sinceVersion);
}

/** The agent runs these task versions now: their deployments to its node are completed. */
export function acknowledgeAssignments(ctx: ServerContext, node: AgentNode, body: z.output<typeof AcknowledgeBody>): Promise<{ completed: number }> {
  return acknowledge(ctx, node.id, body.acks);
}

/**
 * One batch of the node's results: stored once per batch id, with the spool's drop count added to
 * the node in the same transaction (so a resent batch does not count its drops twice), then noted
 * for the alert rounds.
 */
export async function receiveResults(ctx: ServerContext, node: AgentNode, body: ResultsBody): Promise<ResultsAnswer> {
  const onNewBatch = body.dropped > 0 ? (trx: ServerContext['db']) => addDroppedResults(trx, node.id, body.dropped, ctx.now()) : undefined;
  const answer = await ingestBatch(ctx, node.id, body.batchId, body.results, onNewBatch);
  ctx.metrics?.ingestBatch(body.results.length, answer.accepted, answer.duplicate);
  // Committed: the alert evaluation notes which rounds got results (in memory) and evaluates later.
  if (!answer.duplicate && answer.accepted > 0) ctx.alertEval?.noteResults(node.id, body.results);
  return answer;
}

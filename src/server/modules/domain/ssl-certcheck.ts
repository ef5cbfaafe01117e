import { CERTCHECK_WAIT_MS, SSL_DEFAULT_PORT, type CertCheckAnswer } from '../../../shared/calls/domain-trace-ssl.js';
import { MONITOR_TYPES } from '../../../shared/codes.js';
import type { ServerContext } from '../../context.js';
import { isoTimeOrNull } from '../../db/columns.js';
import { AppError } from '../../http/app-error.js';
import { statusOfRow } from '../nodes/node-view.js';
import { listNodes, type PublicNodeRow } from '../nodes/repo.js';
import { getTask } from '../tasks/service.js';
import { certificateFieldsOf, certificateNow } from './ssl-certificate.js';
import { runSslJob, type SslResult } from './ssl-job.js';

/**
 * /domain/ssl/certcheck: the certificate of an SSL task's target, or of any domain and port (the
 * SSL chain checker), checked now by one node's agent.
 */

export interface CertCheckRequest {
  id?: number | undefined;
  domain?: string | undefined;
  port?: number | undefined;
  nodeId?: number | undefined;
}

interface CheckTarget {
  host: string;
  port: number;
  /** Nodes to try first (an SSL task's own nodes, in its order). */
  preferredNodeIds: readonly number[];
}

const portOf = (port: number | null | undefined) => (port === undefined || port === null || port === 0 ? SSL_DEFAULT_PORT : port);

async function targetOf(ctx: ServerContext, custId: number, request: CertCheckRequest): Promise<CheckTarget> {
  if (request.id !== undefined) {
    const task = await getTask(ctx, custId, request.id);
    if (task.type !== MONITOR_TYPES.SSL) throw new AppError(2127);
    return { host: task.domain.trim(), port: portOf(task.port), preferredNodeIds: task.nodeIds };
  }
  if (request.domain === undefined) throw new AppError(2128);
  return { host: request.domain.trim(), port: portOf(request.port), preferredNodeIds: [] };
}

const hasLiveAgent = (ctx: ServerContext, row: PublicNodeRow) => ['usable', 'warning'].includes(statusOfRow(ctx, row));

/**
 * The node asked for (2304 unknown, 2554 without a live agent), else the first node with a live
 * agent, the preferred ones first (2553 when there is none).
 */
async function nodeFor(ctx: ServerContext, target: CheckTarget, nodeId: number | undefined): Promise<number> {
  const rows = await listNodes(ctx.db, {});
  if (nodeId !== undefined) {
    const row = rows.find((node) => node.id === nodeId);
    if (!row) throw new AppError(2304);
    if (!hasLiveAgent(ctx, row)) throw new AppError(2554);
    return row.id;
  }
  const rank = (id: number) => {
    const index = target.preferredNodeIds.indexOf(id);
    return index < 0 ? target.preferredNodeIds.length : index;
  };
  const live = rows.filter((row) => hasLiveAgent(ctx, row)).sort((a, b) => rank(a.id) - rank(b.id) || a.id - b.id);
  const chosen = live[0];
  if (!chosen) throw new AppError(2553);
  return chosen.id;
}

function answerOf(target: CheckTarget, nodeId: number, result: SslResult, now: number): CertCheckAnswer {
  const details = result.details;
  const leaf = details?.certificate ? certificateNow(details.certificate, now) : null;
  return {
    domain: target.host,
    port: target.port,
    nodeId,
    checkedAt: result.startedAt,
    ok: result.ok,
    failure: result.failure,
    ip: details ? details.ip : null,
    validFrom: isoTimeOrNull(leaf ? leaf.validFromMs : null),
    ...certificateFieldsOf(leaf),
    authorized: details ? details.authorized : null,
    authorizationError: details ? details.authorizationError : null,
    chain: details ? details.chain : [],
  };
}

/** Checks the certificate now through a node's agent and answers what it saw. */
export async function certCheck(
  ctx: ServerContext,
  custId: number,
  request: CertCheckRequest,
  waitMs: number = CERTCHECK_WAIT_MS,
): Promise<CertCheckAnswer> {
  const target = await targetOf(ctx, custId, request);
  const nodeId = await nodeFor(ctx, target, request.nodeId);
  const result = await runSslJob(ctx, custId, nodeId, { host: target.host, port: target.port }, waitMs);
  return answerOf(target, nodeId, result, ctx.now());
}

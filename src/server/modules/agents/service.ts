import type {
  AgentHeartbeatAnswer,
  AgentHeartbeatBody,
  AgentRegisterAnswer,
  AgentRegisterBody,
} from '../../../shared/calls/agent.js';
import type { ServerContext } from '../../context.js';
import { nodeVersion } from '../deployments/assignments-repo.js';
import { parseSelfCheckWindow } from '../nodes/node-view.js';
import { HEARTBEAT_SECONDS, selfCheckOutcomeOf, withSelfCheck } from '../nodes/status.js';
import type { AgentNode } from './authenticate.js';
import { findNodeDnsServer, findSelfCheckWindow, recordHeartbeat, recordRegistration } from './repo.js';

/**
 * An agent announces itself: its version and tools are stored and the node counts as seen. The
 * answer names the node's DNS server for the agent's self-check (null when the node has none).
 */
export async function registerAgent(ctx: ServerContext, node: AgentNode, body: AgentRegisterBody): Promise<AgentRegisterAnswer> {
  const now = ctx.now();
  await recordRegistration(ctx.db, node.id, {
    agentVersion: body.version,
    hostname: body.hostname,
    capabilities: JSON.stringify(body.capabilities),
    at: now,
  });
  const dnsServer = (await findNodeDnsServer(ctx.db, node.id))?.trim();
  return {
    nodeId: node.id,
    name: node.name,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    allowPrivateTargets: node.allowPrivateTargets,
    dnsServer: dnsServer ? dnsServer : null,
    serverTime: new Date(now).toISOString(),
  };
}

/** A heartbeat: the node counts as seen and its self-check joins the window its status reads. */
export async function recordAgentHeartbeat(ctx: ServerContext, node: AgentNode, body: AgentHeartbeatBody): Promise<AgentHeartbeatAnswer> {
  const now = ctx.now();
  // Read and write the outcome window together so concurrent heartbeats cannot drop an outcome.
  await ctx.db.transaction().execute(async (trx) => {
    const stored = await findSelfCheckWindow(trx, node.id);
    const window = withSelfCheck(parseSelfCheckWindow(stored?.self_check_window ?? '[]'), selfCheckOutcomeOf(body.selfCheck, now));
    await recordHeartbeat(trx, node.id, {
      at: now,
      selfCheck: JSON.stringify(body.selfCheck),
      selfCheckWindow: JSON.stringify(window),
    });
  });
  return { serverTime: new Date(now).toISOString(), assignmentsVersion: await nodeVersion(ctx.db, node.id) };
}

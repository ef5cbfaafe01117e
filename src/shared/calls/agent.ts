import { z } from 'zod';
import { Timestamp } from './common.js';
import { defineCall } from './define.js';

/**
 * The probe agent protocol. Every agent call carries `Authorization: Bearer <node key>`; a missing
 * or unknown key answers 401 with code 2308, and an agent acts only for the node its key belongs to.
 */

/** Which probe tools the agent found on its machine. */
export const ToolCapabilities = z.strictObject({
  ping: z.boolean(),
  fping: z.boolean(),
  traceroute: z.boolean(),
  mtr: z.boolean(),
});
export type ToolCapabilities = z.infer<typeof ToolCapabilities>;

export const AgentRegisterBody = z.strictObject({
  version: z.string().min(1).max(64),
  capabilities: ToolCapabilities,
  hostname: z.string().max(255),
});
export type AgentRegisterBody = z.infer<typeof AgentRegisterBody>;

export const AgentRegisterAnswer = z.object({
  nodeId: z.number().int(),
  name: z.string(),
  /** How often the server expects a heartbeat; status turns to warning after two missed ones. */
  heartbeatSeconds: z.number().int(),
  /** Probing private, loopback and link-local targets is allowed for this node (operator's choice). */
  allowPrivateTargets: z.boolean(),
  /**
   * The node's own DNS server (`ip` or `ip:port`), which the agent's self-check queries; null when
   * the node has none. Absent from older servers' answers, which the agent reads as none.
   */
  dnsServer: z.string().min(1).max(64).nullable().optional(),
  serverTime: Timestamp,
});
export type AgentRegisterAnswer = z.infer<typeof AgentRegisterAnswer>;

export const AGENT_TOOL_ERRORS_MAX = 20;

/**
 * The agent's periodic look at itself: can it reach loopback, resolve names, run its tools, ask the
 * node's DNS server and reach its reference target (the Vigil server it talks to). `ok` is false when
 * the node cannot probe at all (loopback, resolver or tools broken, or the reference target wholly
 * unreachable). The node DNS and reference fields are optional so older agents' heartbeats still pass;
 * null means the step was not run (nothing configured).
 */
export const SelfCheck = z.strictObject({
  ok: z.boolean(),
  checkedAt: z.string().max(64),
  loopbackRttMs: z.number().min(0).nullable(),
  dnsOk: z.boolean(),
  toolErrors: z.array(z.string().max(500)).max(AGENT_TOOL_ERRORS_MAX),
  /** The node's DNS server answered the self-check's query. */
  nodeDnsOk: z.boolean().nullable().optional(),
  nodeDnsMs: z.number().min(0).nullable().optional(),
  /** `host:port` the reference connects went to. */
  referenceTarget: z.string().max(300).nullable().optional(),
  /** Share of the reference target's TCP connects that did not complete in time. */
  referenceLossPct: z.number().min(0).max(100).nullable().optional(),
  /** Median connect time of the reference connects that completed. */
  referenceRttMs: z.number().min(0).nullable().optional(),
});
export type SelfCheck = z.infer<typeof SelfCheck>;

export const AgentHeartbeatBody = z.strictObject({ selfCheck: SelfCheck });
export type AgentHeartbeatBody = z.infer<typeof AgentHeartbeatBody>;

export const AgentHeartbeatAnswer = z.object({
  serverTime: Timestamp,
  /** The node's assignment version: when it differs from the agent's, the agent pulls assignments. */
  assignmentsVersion: z.number().int().min(0),
});
export type AgentHeartbeatAnswer = z.infer<typeof AgentHeartbeatAnswer>;

export const agentCalls = {
  agentRegister: defineCall({
    method: 'POST',
    path: '/agent/register',
    summary: "A probe agent announces its version and tools for its node; answers the node's identity and heartbeat interval.",
    body: AgentRegisterBody,
    answer: AgentRegisterAnswer,
    access: 'agent',
    mutation: true,
  }),
  agentHeartbeat: defineCall({
    method: 'POST',
    path: '/agent/heartbeat',
    summary: "A probe agent's heartbeat with its latest self-check; answers the node's assignment version.",
    body: AgentHeartbeatBody,
    answer: AgentHeartbeatAnswer,
    access: 'agent',
    mutation: true,
  }),
} as const;

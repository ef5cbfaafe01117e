import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { MtrHop, Failure } from '../probe/results.js';
import { atLeastOne, domainOrIpRule } from '../validation/rules.js';
import { Paging, Timestamp } from './common.js';
import { defineCall } from './define.js';

/**
 * On-demand MTR (§1, §5, §7 POST /domain/detect_mtr): a run asks each chosen node's agent for an
 * MTR report of one target through the agents' job path. The agent reports hops while mtr runs
 * (`/agent/job-progress`), and the console reads the run about once a second until every node is
 * finished. Runs are kept MTR_RUN_RETENTION_DAYS days.
 */

/** Nodes one run may ask: the customer's outstanding on-demand jobs are capped at 20 (2555 beyond). */
export const MTR_RUN_NODES_MAX = 20;
export const MTR_RUN_RETENTION_DAYS = 30;
export const MTR_DEFAULT_COUNT = 10;
/** How often the console reads a run while a node is still queued or running. */
export const MTR_POLL_MS = 1_000;

const code = (value: number) => String(value);

export const mtrCountRule = z
  .number({ error: (issue) => code(issue.input === undefined || issue.input === null ? 10010002 : 10010001) })
  .int({ message: code(10010001) })
  .min(LIMITS.mtrProbeCountMin, { message: code(10010003) })
  .max(LIMITS.mtrProbeCountMax, { message: code(10010003) });

export const MtrStartBody = z.strictObject({
  /** Domain or IP, validated like a task's target. */
  target: domainOrIpRule,
  nodeIds: atLeastOne(z.number().int().positive())
    .max(MTR_RUN_NODES_MAX, { message: code(10010003) })
    .refine((ids) => new Set(ids).size === ids.length, { message: code(10010003) }),
  count: mtrCountRule,
});
export type MtrStartBody = z.input<typeof MtrStartBody>;
export type MtrStart = z.output<typeof MtrStartBody>;
export const MtrStartAnswer = z.object({ id: z.number().int() });

/**
 * Where one node of a run stands.
 * queued: waiting for the node's agent; running: mtr runs, hops arrive; done: the report is in
 * (`failure` set when the target was not reached); failed: the agent could not run it (`failure`
 * says why); timed_out: the agent took it but sent no report in time; offline: the node has no
 * live agent, or its agent never took the run; no_tool: the node's agent lacks mtr;
 * private_refused: the target is private or loopback and the node may not probe such targets.
 */
export const MTR_NODE_STATES = ['queued', 'running', 'done', 'failed', 'timed_out', 'offline', 'no_tool', 'private_refused'] as const;
export type MtrNodeState = (typeof MTR_NODE_STATES)[number];
export const MTR_ACTIVE_STATES: readonly MtrNodeState[] = ['queued', 'running'];

export const MtrRunNode = z.object({
  nodeId: z.number().int(),
  nodeName: z.string(),
  state: z.enum(MTR_NODE_STATES),
  /** The address mtr probed, once the agent resolved the target. */
  ip: z.string().nullable(),
  failure: Failure.nullable(),
  hops: z.array(MtrHop),
  updatedAt: Timestamp,
});
export type MtrRunNode = z.infer<typeof MtrRunNode>;

export const MtrRunSummary = z.object({
  id: z.number().int(),
  target: z.string(),
  count: z.number().int(),
  createdAt: Timestamp,
  /** True while any node is queued or running. */
  active: z.boolean(),
  nodes: z.number().int(),
  /** Nodes whose report is in (state done). */
  done: z.number().int(),
});
export type MtrRunSummary = z.infer<typeof MtrRunSummary>;

export const MtrRunBody = z.strictObject({ id: z.number().int().positive() });
export const MtrRunAnswer = MtrRunSummary.extend({ nodeResults: z.array(MtrRunNode) });
export type MtrRunAnswer = z.infer<typeof MtrRunAnswer>;

export const MtrHistoryBody = Paging.prefault({});
export type MtrHistoryBody = z.input<typeof MtrHistoryBody>;
export const MtrHistoryAnswer = z.object({ total: z.number().int(), list: z.array(MtrRunSummary) });
export type MtrHistoryAnswer = z.infer<typeof MtrHistoryAnswer>;

/** The agent's hops so far for an MTR job it runs; each report replaces the previous one. */
export const JobProgressBody = z.strictObject({
  jobId: z.string().max(100),
  ip: z.string().max(64).nullable(),
  hops: z.array(MtrHop).max(64),
});
export type JobProgressBody = z.infer<typeof JobProgressBody>;
export const JobProgressAnswer = z.object({ stored: z.boolean() });

const sessionCall = <B extends z.ZodType, A extends z.ZodType>(path: string, summary: string, body: B, answer: A, mutation: boolean) =>
  defineCall({ method: 'POST', path, summary, body, answer, access: 'session', mutation, area: 'monitor' });

export const domainMtrCalls = {
  domainDetectMtr: sessionCall(
    '/domain/detect_mtr',
    `Starts an MTR run of a domain or IP from 1-${MTR_RUN_NODES_MAX} nodes, count ${LIMITS.mtrProbeCountMin}-${LIMITS.mtrProbeCountMax}; answers the run id. ` +
      'Nodes without a live agent, without mtr, or that may not probe a private target get that state at once. ' +
      '1001 field errors, 2304 unknown node, 2555 too many runs outstanding.',
    MtrStartBody,
    MtrStartAnswer,
    true,
  ),
  domainDetectMtrRun: sessionCall(
    '/domain/detect_mtr/run',
    "One run of the customer's: each node's state and hops so far. 2001 unknown run.",
    MtrRunBody,
    MtrRunAnswer,
    false,
  ),
  domainDetectMtrHistory: sessionCall(
    '/domain/detect_mtr/history',
    `The customer's runs of the last ${MTR_RUN_RETENTION_DAYS} days, newest first, paged.`,
    MtrHistoryBody,
    MtrHistoryAnswer,
    false,
  ),
} as const;

/** The agent's side of a run: its hops while mtr runs (the report itself goes to /agent/job-result). */
export const agentMtrCalls = {
  agentJobProgress: defineCall({
    method: 'POST',
    path: '/agent/job-progress',
    summary: 'The hops so far of an MTR job this node runs (replacing the previous report).',
    body: JobProgressBody,
    answer: JobProgressAnswer,
    access: 'agent',
    mutation: true,
    silent: true,
  }),
} as const;

import { z } from 'zod';
import { CheckOptions } from '../probe/options.js';
import { CheckResult } from '../probe/results.js';
import { defineCall } from './define.js';

/**
 * The agent's work: pull its node's task assignments by version, acknowledge them (which completes
 * their deployments), push results in idempotent batches, and take on-demand jobs (MTR) through
 * the same path. Node key as `Authorization: Bearer` like every agent call.
 */

export const AGENT_BATCH_MAX = 5_000;
/** Largest results batch body (the other agent calls keep the server's general limit): a full batch of HTTP checks fits well within it. */
export const AGENT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;
export const AGENT_JOB_WAIT_MAX_MS = 25_000;
/** Jobs one poll hands out at most; the rest wait for the agent's next poll. */
export const AGENT_JOBS_PER_POLL_MAX = 2;
/** On-demand jobs waiting or running at once, per node and per customer; beyond them 2555 (detector busy). */
export const ON_DEMAND_JOBS_PER_NODE_MAX = 10;
export const ON_DEMAND_JOBS_PER_CUSTOMER_MAX = 20;

export const Assignment = z.object({
  taskId: z.number().int(),
  taskVersion: z.number().int(),
  frequencyMinutes: z.number().int(),
  options: CheckOptions,
  matchingIps: z.array(z.string()),
});
export type Assignment = z.infer<typeof Assignment>;

export const AssignmentsBody = z.strictObject({ sinceVersion: z.number().int().min(0) });
export const AssignmentsAnswer = z.object({
  /** Pass it back as `sinceVersion` next time. */
  version: z.number().int(),
  /** True when the answer is the node's whole set: replace, don't merge. */
  full: z.boolean(),
  assignments: z.array(Assignment),
  /** Tasks to stop running. */
  removed: z.array(z.number().int()),
});
export type AssignmentsAnswer = z.infer<typeof AssignmentsAnswer>;

export const TaskVersionRef = z.strictObject({ taskId: z.number().int(), taskVersion: z.number().int() });
export const AcknowledgeBody = z.strictObject({ acks: z.array(TaskVersionRef).max(AGENT_BATCH_MAX) });
export const AcknowledgeAnswer = z.object({ completed: z.number().int() });

export const ResultItem = z.strictObject({
  taskId: z.number().int(),
  taskVersion: z.number().int().optional(),
  result: CheckResult,
});
export type ResultItem = z.infer<typeof ResultItem>;

export const ResultsBody = z.strictObject({
  /** Chosen by the agent before the batch is first sent; a resend with the same id is stored once. */
  batchId: z.string().uuid(),
  /** Results the agent's spool had to drop for lack of room since its last delivery. */
  dropped: z.number().int().min(0),
  results: z.array(ResultItem).max(AGENT_BATCH_MAX),
});
export type ResultsBody = z.infer<typeof ResultsBody>;
export const ResultsAnswer = z.object({
  accepted: z.number().int(),
  rejected: z.number().int(),
  duplicate: z.boolean(),
});
export type ResultsAnswer = z.infer<typeof ResultsAnswer>;

export const AgentJob = z.object({ jobId: z.string(), options: CheckOptions });
export type AgentJob = z.infer<typeof AgentJob>;
export const JobsBody = z.strictObject({
  /** How long the server may hold the call open waiting for a job (long poll). */
  waitMs: z.number().int().min(0).max(AGENT_JOB_WAIT_MAX_MS),
});
export const JobsAnswer = z.object({ jobs: z.array(AgentJob) });
export type JobsAnswer = z.infer<typeof JobsAnswer>;

export const JobResultBody = z.strictObject({ jobId: z.string(), result: CheckResult });
export const JobResultAnswer = z.object({ stored: z.boolean() });

export const agentWorkCalls = {
  agentAssignments: defineCall({
    method: 'POST',
    path: '/agent/assignments',
    summary: "The node's task assignments changed since a version (0: all of them).",
    body: AssignmentsBody,
    answer: AssignmentsAnswer,
    access: 'agent',
    mutation: false,
    silent: true,
  }),
  agentAcknowledge: defineCall({
    method: 'POST',
    path: '/agent/ack',
    summary: 'The agent runs these task versions now: their deployments to this node are completed.',
    body: AcknowledgeBody,
    answer: AcknowledgeAnswer,
    access: 'agent',
    mutation: true,
    silent: true,
  }),
  agentResults: defineCall({
    method: 'POST',
    path: '/agent/results',
    summary: 'A batch of check results; idempotent per batch id.',
    body: ResultsBody,
    answer: ResultsAnswer,
    access: 'agent',
    mutation: true,
    silent: true,
    bodyLimitBytes: AGENT_BODY_LIMIT_BYTES,
  }),
  agentJobs: defineCall({
    method: 'POST',
    path: '/agent/jobs',
    summary: 'On-demand jobs (MTR) for this node; waits up to waitMs for one to arrive.',
    body: JobsBody,
    answer: JobsAnswer,
    access: 'agent',
    mutation: false,
    silent: true,
  }),
  agentJobResult: defineCall({
    method: 'POST',
    path: '/agent/job-result',
    summary: "The result of an on-demand job this node took.",
    body: JobResultBody,
    answer: JobResultAnswer,
    access: 'agent',
    mutation: true,
    silent: true,
  }),
} as const;

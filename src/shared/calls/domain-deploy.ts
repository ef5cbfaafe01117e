import { z } from 'zod';
import { DEPLOY_STATUS } from '../codes.js';
import { Timestamp } from './common.js';
import { defineCall } from './define.js';

/**
 * A monitor task's deployment to its nodes (§3 "Deploy result", §4 "Deployment"). Each change of a
 * task is sent to every selected node; a node's agent acknowledges it (completed) or misses its
 * deadline (error). Another customer's task, or none, is 2127.
 */

export const DEPLOYMENT_STATES = ['processing', 'completed', 'error'] as const;
export type DeploymentState = (typeof DEPLOYMENT_STATES)[number];

export const DeployTaskBody = z.strictObject({ id: z.number().int().positive() });
export type DeployTaskBody = z.infer<typeof DeployTaskBody>;

/** The deploy result fields of §3 for one node. */
export const NodeDeployResult = z.object({
  nodeId: z.number().int(),
  state: z.enum(DEPLOYMENT_STATES),
  /** Catalogue code of an error node (2505: not acknowledged in time, or not runnable); null otherwise. */
  errorCode: z.number().int().nullable(),
  errorTime: Timestamp.nullable(),
  /** Why an error node failed, as a code word (`ack_timeout`, `invalid_options`); '' otherwise. */
  message: z.string(),
  /** Whether an agent has ever registered for the node (node status other than `none`): without one nothing acknowledges. */
  agentRegistered: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type NodeDeployResult = z.infer<typeof NodeDeployResult>;

export const DeployResultAnswer = z.object({
  taskId: z.number().int(),
  taskVersion: z.number().int(),
  /** processing while any node is; error_nodes when any failed; completed otherwise. */
  deployStatus: z.enum(DEPLOY_STATUS),
  /** The current version's deployment on each node that runs the task (none for a disabled task). */
  nodes: z.array(NodeDeployResult),
});
export type DeployResultAnswer = z.infer<typeof DeployResultAnswer>;

export const domainDeployCalls = {
  domainDeployResult: defineCall({
    method: 'POST',
    path: '/domain/deploy_result',
    summary: "A monitor task's deploy status and the deploy result of each of its nodes.",
    body: DeployTaskBody,
    answer: DeployResultAnswer,
    access: 'session',
    mutation: false,
    area: 'monitor',
  }),
  domainRebuild: defineCall({
    method: 'POST',
    path: '/domain/rebuild',
    summary: "Sends the task's current version again to its error nodes only (2552 when no node failed); answers the new deploy result.",
    body: DeployTaskBody,
    answer: DeployResultAnswer,
    access: 'session',
    mutation: true,
    area: 'monitor',
  }),
} as const;

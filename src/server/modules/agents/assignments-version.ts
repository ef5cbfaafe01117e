import type { ServerContext } from '../../context.js';

/**
 * HOOK for the deployments module: the version of a node's task assignments, which the heartbeat
 * answers so an agent knows when to pull. No tasks exist yet, so every node is at version 0.
 */
export async function currentAssignmentsVersion(_ctx: ServerContext, _nodeId: number): Promise<number> {
  return 0;
}

import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiCall } from './helpers.js';

/** Steps the inbox specs share: tasks on the Local node (its agent acknowledges them) and waiting for earlier deployments. */

/**
 * An ICMP task on the Local node (its agent acknowledges it at its next heartbeat). Each spec
 * gives its own `block` of loopback addresses (the same target twice is 2125), moved on a retry.
 */
export function localTaskMaker(block: number) {
  let nextHost = 21;
  return async (request: APIRequestContext, token: string, name: string, nodeId: number): Promise<number> => {
    const domain = `127.0.${block + test.info().retry}.${nextHost++}`;
    const task = await apiCall<{ id: number }>(request, token, '/domain/icmp/create', { name, domain, frequencyMinutes: 60, nodeIds: [nodeId] });
    return task.id;
  };
}

const MONITOR_TYPES = [1, 2, 3, 4, 5, 6, 7];

/**
 * Waits until no task of the customer is still being deployed: more than three rounds ending
 * together are told as one summary, so an earlier spec's round must not end with this spec's.
 */
export async function awaitDeploymentsSettled(request: APIRequestContext, token: string): Promise<void> {
  await expect
    .poll(
      async () => {
        let processing = 0;
        for (const type of MONITOR_TYPES) {
          const page = await apiCall<{ list: { deployStatus: string }[] }>(request, token, '/domain/list', { type, pageSize: 100 });
          processing += page.list.filter((row) => row.deployStatus === 'processing').length;
        }
        return processing;
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBe(0);
}

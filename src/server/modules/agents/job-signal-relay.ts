import type { FastifyInstance } from 'fastify';
import { listenForSignals, publishSignal } from '../../db/notifications.js';

const JOB_CHANNEL = 'vigil_agent_jobs';

/**
 * An agent's long poll may wait on one instance while its job is queued on another: a queued
 * job's node is told to every instance (a database signal), whose held polls then look at once.
 * Without the signal a poll still looks every POLL_RECHECK_MS.
 */
export function relayJobSignals(app: FastifyInstance, options: { listen: boolean }): void {
  const ctx = app.vigil;
  ctx.jobSignals.relay = (nodeId) => {
    publishSignal(ctx.db, JOB_CHANNEL, String(nodeId)).catch((error: unknown) => ctx.log?.warn({ err: error }, 'jobs: other instances not told'));
  };
  if (!options.listen) return;
  const listening = listenForSignals(ctx.db, JOB_CHANNEL, (payload) => {
    const nodeId = Number(payload);
    if (Number.isSafeInteger(nodeId)) ctx.jobSignals.wake(nodeId);
  });
  app.addHook('onClose', () => listening.close());
}

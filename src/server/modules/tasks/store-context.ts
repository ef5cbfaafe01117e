import type { Db } from '../../db/connection.js';

/** What the task, deployment and result services need: the database and the clock. */
export interface StoreContext {
  db: Db;
  /** Epoch milliseconds; injected so deadlines and buckets are tested without waiting. */
  now: () => number;
  /** How long a node has to acknowledge a task version before it is an error node. */
  deployDeadlineMs?: number;
}

export const DEFAULT_DEPLOY_DEADLINE_MS = 120_000;

export function deployDeadlineOf(ctx: StoreContext): number {
  return ctx.deployDeadlineMs ?? DEFAULT_DEPLOY_DEADLINE_MS;
}

import type { Db } from '../../db/connection.js';
import { DEFAULT_DEPLOY_DEADLINE_SECONDS } from '../../config.js';

/** What a service may log: a problem worth an operator's look that the caller does not see. */
export interface StoreLog {
  warn: (fields: object, message: string) => void;
}

/**
 * What the task, deployment and result services need: the database and the clock. The server
 * passes its configuration; the optional settings fall back to the configuration's defaults.
 */
export interface StoreContext {
  db: Db;
  /** Epoch milliseconds; injected so deadlines and buckets are tested without waiting. */
  now: () => number;
  /** How long a node has to acknowledge a task version before it is an error node. */
  deployDeadlineMs?: number;
  /** How long raw results are kept: ingest refuses results older than that. */
  resultRetentionDays?: number;
  /** How long traceroute results are kept (never less than raw results). */
  traceRetentionDays?: number;
  log?: StoreLog;
}


export function deployDeadlineOf(ctx: StoreContext): number {
  return ctx.deployDeadlineMs ?? DEFAULT_DEPLOY_DEADLINE_SECONDS * 1000;
}

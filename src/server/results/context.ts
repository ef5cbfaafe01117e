import type { Db } from '../db/connection.js';
import { DEFAULT_RESULT_RETENTION_DAYS, DEFAULT_TRACE_RETENTION_DAYS } from '../config.js';
import { DAY_MS } from './range-pieces.js';

/**
 * What the results module needs of its caller: the database, the clock and how long raw results
 * are kept. Any service context with these fields will do (the task services' StoreContext has them).
 */
export interface ResultsContext {
  db: Db;
  /** Epoch milliseconds; injected so buckets and retention are tested without waiting. */
  now: () => number;
  /** How long raw results are kept: ingest refuses results older than that. */
  resultRetentionDays?: number;
  /** How long traceroute results are kept (never less than raw results). */
  traceRetentionDays?: number;
}


/** How long results of each kind are kept, in ms: traceroute snapshots at least as long as the rest. */
export function retentionOf(ctx: Pick<ResultsContext, 'resultRetentionDays' | 'traceRetentionDays'>): { rawMs: number; traceMs: number } {
  const rawDays = ctx.resultRetentionDays ?? DEFAULT_RESULT_RETENTION_DAYS;
  const traceDays = Math.max(rawDays, ctx.traceRetentionDays ?? DEFAULT_TRACE_RETENTION_DAYS);
  return { rawMs: rawDays * DAY_MS, traceMs: traceDays * DAY_MS };
}

import { z } from 'zod';
import { Failure, TraceHop } from '../probe/results.js';
import { Timestamp } from './common.js';

/** One traceroute run of a task as the tracedetail screen shows it (two are compared by the console). */
export const TraceSnapshot = z.object({
  resultId: z.number().int(),
  taskId: z.number().int(),
  nodeId: z.number().int(),
  /** When the run started. */
  time: Timestamp,
  ok: z.boolean(),
  /** Whether the last hop was the target. */
  reached: z.boolean(),
  /** The address the target resolved to; null when it did not resolve. */
  ip: z.string().nullable(),
  hops: z.array(TraceHop),
  failure: Failure.nullable(),
});
export type TraceSnapshot = z.infer<typeof TraceSnapshot>;

export const TraceHistoryAnswer = z.object({ list: z.array(TraceSnapshot) });
export type TraceHistoryAnswer = z.infer<typeof TraceHistoryAnswer>;

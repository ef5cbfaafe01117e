import { MONITOR_TYPES } from '../../shared/codes.js';
import type { CheckResult } from '../../shared/probe/results.js';

/** One accepted result, flattened to the columns the store keeps. */
export interface ResultRow {
  /** Given by the store when the batch is written. */
  id: number;
  taskId: number;
  nodeId: number;
  ts: number;
  type: number;
  ok: boolean;
  latencyMs: number | null;
  statusCode: number | null;
  failureSource: string | null;
  failureCode: string | null;
  ipMatched: boolean | null;
  details: string;
}

/**
 * The type's headline latency: ICMP average RTT, TCP connect, HTTP(S) total, DNS resolution,
 * SSL and traceroute the check's duration.
 */
export function headlineLatencyOf(result: CheckResult): number | null {
  switch (result.type) {
    case MONITOR_TYPES.ICMP:
      return result.details?.avgMs ?? null;
    case MONITOR_TYPES.TCP:
      return result.details?.connectMs ?? null;
    case MONITOR_TYPES.HTTP:
    case MONITOR_TYPES.HTTPS:
      return result.details?.timings.totalMs ?? null;
    case MONITOR_TYPES.DNS:
      return result.details?.resolutionMs ?? null;
    default:
      return result.durationMs;
  }
}

/** HTTP(S) status code; '000' (not reachable) is kept as 0. */
export function statusCodeOf(result: CheckResult): number | null {
  if (result.type !== MONITOR_TYPES.HTTP && result.type !== MONITOR_TYPES.HTTPS) return null;
  const code = result.details?.statusCode;
  if (code === undefined) return null;
  return code === '000' ? 0 : code;
}

/** The monitor type of a task's result; MTR runs only as an on-demand job and is never stored here. */
function taskTypeOf(result: CheckResult): number {
  if (result.type === 'mtr') throw new Error('MTR results are job results, not task results');
  return result.type;
}

export function resultRowOf(taskId: number, nodeId: number, ts: number, result: CheckResult): ResultRow {
  return {
    id: 0,
    taskId,
    nodeId,
    ts,
    type: taskTypeOf(result),
    ok: result.ok,
    latencyMs: headlineLatencyOf(result),
    statusCode: statusCodeOf(result),
    failureSource: result.failure?.source ?? null,
    failureCode: result.failure?.code ?? null,
    ipMatched: result.ipMatched,
    details: JSON.stringify(result),
  };
}

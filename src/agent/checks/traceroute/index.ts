import { MONITOR_TYPES } from '../../../shared/codes.js';
import type { Failure } from '../../../shared/probe/results.js';
import { runToolCheck, type ToolCheckSpec } from '../tool-check.js';
import { ABORTED_FAILURE, runTool, type ToolOutcome, type ToolRunner, toolErrorFailure } from '../tools.js';
import type { CheckModule } from '../types.js';
import { tracerouteArgs } from './args.js';
import { type ParsedTrace, parseTracerouteOutput } from './parse.js';

/**
 * Type 6: the path to the target, hop by hop; each run is stored as a snapshot by the server.
 * ok when the last hop is the target. Otherwise {target, unreachable} (detail: the `!H`-style mark
 * of the last hop, if any), or {target, timeout} when the trace overran its budget.
 */

type TraceType = typeof MONITOR_TYPES.TRACEROUTE;

function traceFailure(outcome: ToolOutcome, trace: ParsedTrace): Failure | null {
  if (outcome.status === 'aborted') return ABORTED_FAILURE;
  if (outcome.status === 'timeout') return { source: 'target', code: 'timeout' };
  if (trace.hops.length === 0) return toolErrorFailure(outcome);
  if (trace.reached) return null;
  const marks = trace.hops.at(-1)?.annotations ?? [];
  return marks.length > 0 ? { source: 'target', code: 'unreachable', detail: marks.join(' ') } : { source: 'target', code: 'unreachable' };
}

function readTrace(outcome: ToolOutcome, ip: string): ReturnType<ToolCheckSpec<TraceType>['read']> {
  const trace = parseTracerouteOutput(outcome.stdout, ip);
  const failure = traceFailure(outcome, trace);
  const hops = trace.hops.map(({ ttl, address, rttMs, lossPercent }) => ({ ttl, address, rttMs, lossPercent }));
  const details = trace.hops.length > 0 || failure === null ? { ip, reached: trace.reached, hops } : null;
  return { failure, details };
}

export function createTracerouteCheck(deps: { runTool?: ToolRunner } = {}): CheckModule<TraceType> {
  const runner = deps.runTool ?? runTool;
  return {
    type: MONITOR_TYPES.TRACEROUTE,
    run: (options, ctx) =>
      runToolCheck({ type: MONITOR_TYPES.TRACEROUTE, tool: 'traceroute', args: (ip) => tracerouteArgs(options, ip), read: readTrace }, options, ctx, runner),
  };
}

export const tracerouteCheck = createTracerouteCheck();

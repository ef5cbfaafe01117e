import { MONITOR_TYPES } from '../../../shared/codes.js';
import type { CheckOptionsOf } from '../../../shared/probe/options.js';
import type { CheckResultOf, Failure } from '../../../shared/probe/results.js';
import {
  ABORTED_FAILURE,
  resolveToolTarget,
  runTool,
  startStopwatch,
  type ToolOutcome,
  type ToolRunner,
  toolErrorFailure,
  toolMissingFailure,
} from '../tools.js';
import type { CheckContext, CheckModule } from '../types.js';
import { tracerouteArgs } from './args.js';
import { type ParsedTrace, parseTracerouteOutput } from './parse.js';

/**
 * Type 6: the path to the target, hop by hop; each run is stored as a snapshot by the server.
 * ok when the last hop is the target. Otherwise {target, unreachable} (detail: the `!H`-style mark
 * of the last hop, if any), or {target, timeout} when the trace overran its budget.
 */

type TraceType = typeof MONITOR_TYPES.TRACEROUTE;
type TraceResult = CheckResultOf<TraceType>;
type TraceDetails = NonNullable<TraceResult['details']>;

/** The least a trace is given, even when resolving ate most of the budget. */
const MIN_TOOL_MS = 1_000;

function detailsOf(ip: string, trace: ParsedTrace): TraceDetails {
  return { ip, reached: trace.reached, hops: trace.hops.map(({ ttl, address, rttMs, lossPercent }) => ({ ttl, address, rttMs, lossPercent })) };
}

function traceFailure(outcome: ToolOutcome, trace: ParsedTrace): Failure | null {
  if (outcome.status === 'aborted') return ABORTED_FAILURE;
  if (outcome.status === 'timeout') return { source: 'target', code: 'timeout' };
  if (trace.hops.length === 0) return toolErrorFailure(outcome);
  if (trace.reached) return null;
  const marks = trace.hops.at(-1)?.annotations ?? [];
  return marks.length > 0 ? { source: 'target', code: 'unreachable', detail: marks.join(' ') } : { source: 'target', code: 'unreachable' };
}

async function runTraceroute(options: CheckOptionsOf<TraceType>, ctx: CheckContext, runner: ToolRunner): Promise<TraceResult> {
  const watch = startStopwatch();
  const base = { type: MONITOR_TYPES.TRACEROUTE, startedAt: watch.startedAt };
  const target = await resolveToolTarget(options.host, ctx);
  if (!target.ok) {
    return { ...base, ok: false, durationMs: watch.elapsedMs(), failure: target.failure, resolvedIps: [], ipMatched: null, details: null };
  }
  const known = { resolvedIps: target.ips, ipMatched: target.ipMatched };
  const timeoutMs = Math.max(MIN_TOOL_MS, options.timeoutMs - watch.elapsedMs());
  const outcome = await runner('traceroute', tracerouteArgs(options, target.ip), { timeoutMs, signal: ctx.signal });
  if (outcome.status === 'missing') {
    return { ...base, ok: false, durationMs: watch.elapsedMs(), failure: toolMissingFailure('traceroute'), ...known, details: null };
  }
  const trace = parseTracerouteOutput(outcome.stdout, target.ip);
  const failure = traceFailure(outcome, trace);
  const details = trace.hops.length > 0 || failure === null ? detailsOf(target.ip, trace) : null;
  return { ...base, ok: failure === null, durationMs: watch.elapsedMs(), failure, ...known, details };
}

export function createTracerouteCheck(deps: { runTool?: ToolRunner } = {}): CheckModule<TraceType> {
  const runner = deps.runTool ?? runTool;
  return { type: MONITOR_TYPES.TRACEROUTE, run: (options, ctx) => runTraceroute(options, ctx, runner) };
}

export const tracerouteCheck = createTracerouteCheck();

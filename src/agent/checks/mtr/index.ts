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
import { mtrArgs } from './args.js';
import { type ParsedMtrHop, parseMtrOutput } from './parse.js';

/**
 * On-demand MTR ('mtr'): per-hop loss and latency over `count` rounds, run through the same agent
 * job path as the checks. ok when the last hop is the target and it answered at least once;
 * otherwise {target, unreachable}. An overrun is {target, timeout}; mtr only writes its JSON at the
 * end, so an overrun has no hops.
 */

type MtrResult = CheckResultOf<'mtr'>;

const MIN_TOOL_MS = 1_000;

function mtrFailure(outcome: ToolOutcome, hops: ParsedMtrHop[] | null, ip: string): Failure | null {
  if (outcome.status === 'aborted') return ABORTED_FAILURE;
  if (outcome.status === 'timeout') return { source: 'target', code: 'timeout' };
  if (hops === null) return toolErrorFailure(outcome);
  const last = hops.at(-1);
  const reached = last !== undefined && last.host?.toLowerCase() === ip.toLowerCase() && last.lossPercent < 100;
  return reached ? null : { source: 'target', code: 'unreachable' };
}

async function runMtr(options: CheckOptionsOf<'mtr'>, ctx: CheckContext, runner: ToolRunner): Promise<MtrResult> {
  const watch = startStopwatch();
  const base = { type: 'mtr' as const, startedAt: watch.startedAt };
  const target = await resolveToolTarget(options.host, ctx);
  if (!target.ok) {
    return { ...base, ok: false, durationMs: watch.elapsedMs(), failure: target.failure, resolvedIps: [], ipMatched: null, details: null };
  }
  const known = { resolvedIps: target.ips, ipMatched: target.ipMatched };
  const timeoutMs = Math.max(MIN_TOOL_MS, options.timeoutMs - watch.elapsedMs());
  const outcome = await runner('mtr', mtrArgs(options, target.ip), { timeoutMs, signal: ctx.signal });
  if (outcome.status === 'missing') {
    return { ...base, ok: false, durationMs: watch.elapsedMs(), failure: toolMissingFailure('mtr'), ...known, details: null };
  }
  const hops = outcome.status === 'exited' ? parseMtrOutput(outcome.stdout) : null;
  const failure = mtrFailure(outcome, hops, target.ip);
  const details = hops === null ? null : { ip: target.ip, hops };
  return { ...base, ok: failure === null, durationMs: watch.elapsedMs(), failure, ...known, details };
}

export function createMtrCheck(deps: { runTool?: ToolRunner } = {}): CheckModule<'mtr'> {
  const runner = deps.runTool ?? runTool;
  return { type: 'mtr', run: (options, ctx) => runMtr(options, ctx, runner) };
}

export const mtrCheck = createMtrCheck();

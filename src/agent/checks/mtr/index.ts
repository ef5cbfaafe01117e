import type { Failure } from '../../../shared/probe/results.js';
import { sameAddress } from '../../../shared/ip.js';
import { runToolCheck, type ToolCheckSpec } from '../tool-check.js';
import { ABORTED_FAILURE, runTool, type ToolOutcome, type ToolRunner, toolErrorFailure } from '../tools.js';
import type { CheckModule } from '../types.js';
import { mtrArgs } from './args.js';
import { type ParsedMtrHop, parseMtrOutput } from './parse.js';

/**
 * On-demand MTR ('mtr'): per-hop loss and latency over `count` rounds, run through the same agent
 * job path as the checks. ok when the last hop is the target and it answered at least once;
 * otherwise {target, unreachable}. An overrun is {target, timeout}; mtr only writes its JSON at the
 * end, so an overrun has no hops.
 */

function mtrFailure(outcome: ToolOutcome, hops: ParsedMtrHop[] | null, ip: string): Failure | null {
  if (outcome.status === 'aborted') return ABORTED_FAILURE;
  if (outcome.status === 'timeout') return { source: 'target', code: 'timeout' };
  if (hops === null) return toolErrorFailure(outcome);
  const last = hops.at(-1);
  const reached = last !== undefined && last.host !== null && sameAddress(last.host, ip) && last.lossPercent < 100;
  return reached ? null : { source: 'target', code: 'unreachable' };
}

function readMtr(outcome: ToolOutcome, ip: string): ReturnType<ToolCheckSpec<'mtr'>['read']> {
  const hops = outcome.status === 'exited' ? parseMtrOutput(outcome.stdout) : null;
  return { failure: mtrFailure(outcome, hops, ip), details: hops === null ? null : { ip, hops } };
}

export function createMtrCheck(deps: { runTool?: ToolRunner } = {}): CheckModule<'mtr'> {
  const runner = deps.runTool ?? runTool;
  return {
    type: 'mtr',
    run: (options, ctx) => runToolCheck({ type: 'mtr', tool: 'mtr', args: (ip) => mtrArgs(options, ip), read: readMtr }, options, ctx, runner),
  };
}

export const mtrCheck = createMtrCheck();

import type { Failure } from '../../../shared/probe/results.js';
import { sameAddress } from '../../../shared/ip.js';
import { runToolCheck, type ToolCheckSpec } from '../tool-check.js';
import { ABORTED_FAILURE, runTool, type ToolOutcome, type ToolRunner, toolErrorFailure } from '../tools.js';
import type { CheckContext, CheckModule } from '../types.js';
import { mtrArgs, type MtrPlan } from './args.js';
import { MtrRawReader, type ParsedMtrHop, parseMtrRaw } from './raw.js';

/**
 * On-demand MTR ('mtr'): per-hop loss and latency over `count` rounds, run through the agent job
 * path. mtr's raw output is read as it arrives, so the hops so far go to `ctx.onProgress` while it
 * runs. ok when the last hop is the target and it answered at least once; otherwise {target,
 * unreachable} with the hops kept. An overrun is {target, timeout}, with the hops it had.
 */

function mtrFailure(outcome: ToolOutcome, hops: ParsedMtrHop[], ip: string): Failure | null {
  if (outcome.status === 'aborted') return ABORTED_FAILURE;
  if (outcome.status === 'timeout') return { source: 'target', code: 'timeout' };
  if (hops.length === 0) return toolErrorFailure(outcome);
  const last = hops.at(-1);
  const reached = last !== undefined && last.host !== null && sameAddress(last.host, ip) && last.lossPercent < 100;
  return reached ? null : { source: 'target', code: 'unreachable' };
}

function readMtr(plan: MtrPlan): ToolCheckSpec<'mtr'>['read'] {
  return (outcome, ip) => {
    const hops = outcome.status === 'exited' || outcome.status === 'timeout' ? parseMtrRaw(outcome.stdout, ip, plan.maxHops) : [];
    return { failure: mtrFailure(outcome, hops, ip), details: hops.length === 0 ? null : { ip, hops } };
  };
}

function progressStream(plan: MtrPlan, ctx: CheckContext): ToolCheckSpec<'mtr'>['stream'] {
  const report = ctx.onProgress;
  if (!report) return undefined;
  return (ip) => {
    const reader = new MtrRawReader(ip, plan.maxHops);
    return (text) => {
      if (reader.push(text)) report({ ip, hops: reader.hops() });
    };
  };
}

export function createMtrCheck(deps: { runTool?: ToolRunner } = {}): CheckModule<'mtr'> {
  const runner = deps.runTool ?? runTool;
  return {
    type: 'mtr',
    run: (options, ctx) => {
      const stream = progressStream(options, ctx);
      const spec: ToolCheckSpec<'mtr'> = { type: 'mtr', tool: 'mtr', args: (ip) => mtrArgs(options, ip), read: readMtr(options), ...(stream ? { stream } : {}) };
      return runToolCheck(spec, options, ctx, runner);
    },
  };
}

export const mtrCheck = createMtrCheck();

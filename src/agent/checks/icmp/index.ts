import { MONITOR_TYPES } from '../../../shared/codes.js';
import type { CheckOptionsOf } from '../../../shared/probe/options.js';
import type { CheckResultOf, Failure } from '../../../shared/probe/results.js';
import { startStopwatch, type Stopwatch } from '../clock.js';
import { ABORTED_FAILURE, resolveToolTarget, runTool, type ToolRunner, type ToolTarget } from '../tools.js';
import type { CheckContext, CheckModule } from '../types.js';
import type { EchoPlan } from './args.js';
import { type Echo, echoGroup } from './echo.js';

/**
 * Type 1: ICMP echo. Jobs due together share one fping process per (count, timeout) plan, so the
 * cost of a check is a few packets, not a process. Outcomes:
 * - some replies: ok, loss % recorded;
 * - no reply at all: {target, packet_loss}, or {target, unreachable} when the network answered with
 *   ICMP errors (ping fallback only; fping -q does not report them);
 * - the tool overran its deadline or was cancelled: {probe, timeout} (detail says which);
 * - a hostname that does not resolve: the resolver's failure, and no process is spawned for it.
 */

type IcmpType = typeof MONITOR_TYPES.ICMP;
type IcmpResult = CheckResultOf<IcmpType>;
export interface IcmpJob {
  options: CheckOptionsOf<IcmpType>;
  ctx: CheckContext;
}

interface PreparedJob {
  job: IcmpJob;
  watch: Stopwatch;
  target: ToolTarget;
}

export interface IcmpCheckDeps {
  /** The tool runner; tests inject a spy to count spawns or to hide fping. */
  runTool?: ToolRunner;
}

function resultOf(prepared: PreparedJob, outcome: { failure: Failure | null; details: IcmpResult['details'] }): IcmpResult {
  const { target, watch } = prepared;
  return {
    type: MONITOR_TYPES.ICMP,
    ok: outcome.failure === null,
    startedAt: watch.startedAt,
    durationMs: watch.elapsedMs(),
    failure: outcome.failure,
    resolvedIps: target.ok ? target.ips : [],
    ipMatched: target.ok ? target.ipMatched : null,
    details: outcome.details,
  };
}

function echoResult(prepared: PreparedJob, ip: string, echo: Echo | undefined): IcmpResult {
  if (prepared.job.ctx.signal?.aborted) return resultOf(prepared, { failure: ABORTED_FAILURE, details: null });
  if (!echo) throw new Error(`no echo outcome for ${ip}`);
  if (!echo.ok) return resultOf(prepared, { failure: echo.failure, details: null });
  const { stats } = echo;
  let failure: Failure | null = null;
  if (stats.received === 0) failure = { source: 'target', code: echo.unreachableErrors > 0 ? 'unreachable' : 'packet_loss' };
  return resultOf(prepared, { failure, details: { ip, ...stats } });
}

interface GroupAbort {
  signal: AbortSignal | undefined;
  /** Detaches from the jobs' signals: they often outlive the group (the runner's shared signal). */
  release: () => void;
}

/** A signal that aborts once every job of a group is cancelled; none if some job cannot be. */
function allAborted(signals: readonly (AbortSignal | undefined)[]): GroupAbort {
  if (signals.some((signal) => signal === undefined)) return { signal: undefined, release: () => undefined };
  const distinct = [...new Set(signals)] as AbortSignal[];
  const controller = new AbortController();
  const check = (): void => {
    if (distinct.every((signal) => signal.aborted)) controller.abort();
  };
  for (const signal of distinct) signal.addEventListener('abort', check, { once: true });
  check();
  return {
    signal: controller.signal,
    release: () => distinct.forEach((signal) => signal.removeEventListener('abort', check)),
  };
}

const planKey = (plan: EchoPlan): string => `${plan.count}/${plan.timeoutMs}`;

async function runGroup(group: readonly PreparedJob[], runner: ToolRunner): Promise<Map<PreparedJob, IcmpResult>> {
  const first = group[0];
  const results = new Map<PreparedJob, IcmpResult>();
  if (!first) return results;
  const plan: EchoPlan = { count: first.job.options.count, timeoutMs: first.job.options.timeoutMs };
  const ipOf = (prepared: PreparedJob): string => (prepared.target.ok ? prepared.target.ip : '');
  const ips = [...new Set(group.map(ipOf))];
  const abort = allAborted(group.map((prepared) => prepared.job.ctx.signal));
  const echoes = await echoGroup(plan, ips, runner, abort.signal).finally(abort.release);
  for (const prepared of group) results.set(prepared, echoResult(prepared, ipOf(prepared), echoes.get(ipOf(prepared))));
  return results;
}

async function prepare(job: IcmpJob): Promise<PreparedJob> {
  const watch = startStopwatch();
  return { job, watch, target: await resolveToolTarget(job.options.host, job.ctx) };
}

/** Runs many ICMP checks; results come back in the order of `jobs`. */
export async function runIcmpBatch(jobs: readonly IcmpJob[], runner: ToolRunner = runTool): Promise<IcmpResult[]> {
  const prepared = await Promise.all(jobs.map(prepare));
  const groups = new Map<string, PreparedJob[]>();
  for (const entry of prepared) {
    if (!entry.target.ok || entry.job.ctx.signal?.aborted) continue;
    const key = planKey(entry.job.options);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const echoed = new Map<PreparedJob, IcmpResult>();
  for (const results of await Promise.all([...groups.values()].map((group) => runGroup(group, runner)))) {
    for (const [entry, result] of results) echoed.set(entry, result);
  }
  return prepared.map((entry) => {
    const result = echoed.get(entry);
    if (result) return result;
    if (!entry.target.ok) return resultOf(entry, { failure: entry.target.failure, details: null });
    return resultOf(entry, { failure: ABORTED_FAILURE, details: null });
  });
}

export function createIcmpCheck(deps: IcmpCheckDeps = {}): CheckModule<IcmpType> {
  const runner = deps.runTool ?? runTool;
  return {
    type: MONITOR_TYPES.ICMP,
    run: async (options, ctx) => {
      const [result] = await runIcmpBatch([{ options, ctx }], runner);
      if (!result) throw new Error('an ICMP batch of one gave no result');
      return result;
    },
    runBatch: (jobs) => runIcmpBatch(jobs, runner),
  };
}

export const icmpCheck = createIcmpCheck();

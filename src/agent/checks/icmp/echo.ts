import type { Failure } from '../../../shared/probe/results.js';
import { ABORTED_FAILURE, type ToolOutcome, type ToolRunner, toolErrorFailure, toolMissingFailure } from '../tools.js';
import { type EchoPlan, fpingArgs, fpingDeadlineMs, pingArgs, pingDeadlineMs } from './args.js';
import { type EchoStats, echoStatsOf, parseFpingOutput, parsePingOutput } from './parse.js';

/**
 * Echo requests to a group of addresses that share one plan (count, timeout): one fping process
 * for all of them; when fping is missing, one ping per address.
 */

/** What one address answered, or why the probe could not tell. */
export type Echo = { ok: true; stats: EchoStats; unreachableErrors: number } | { ok: false; failure: Failure };

/** Concurrent ping processes when falling back from fping. */
const PING_CONCURRENCY = 16;
/** Output room per reply in fping's summary (" 0.047"), beyond a base. */
const FPING_BYTES_PER_REPLY = 16;

const DEADLINE_FAILURE: Failure = { source: 'probe', code: 'timeout', detail: 'tool deadline exceeded' };

function stoppedFailure(outcome: ToolOutcome): Failure | null {
  if (outcome.status === 'aborted') return ABORTED_FAILURE;
  if (outcome.status === 'timeout') return DEADLINE_FAILURE;
  return null;
}

function fpingEchoes(outcome: ToolOutcome, ips: readonly string[]): Map<string, Echo> {
  const stopped = stoppedFailure(outcome);
  const parsed = parseFpingOutput(outcome.stderr);
  const unparsed = toolErrorFailure({ ...outcome, stderr: parsed.otherLines.join('\n') });
  const echoes = new Map<string, Echo>();
  for (const ip of ips) {
    const rtts = parsed.rtts.get(ip);
    if (rtts) echoes.set(ip, { ok: true, stats: echoStatsOf(rtts), unreachableErrors: 0 });
    else echoes.set(ip, { ok: false, failure: stopped ?? unparsed });
  }
  return echoes;
}

async function pingEcho(plan: EchoPlan, ip: string, runTool: ToolRunner, signal: AbortSignal | undefined): Promise<Echo> {
  const outcome = await runTool('ping', pingArgs(plan, ip), { timeoutMs: pingDeadlineMs(plan), signal });
  if (outcome.status === 'missing') return { ok: false, failure: toolMissingFailure('fping, ping') };
  const stopped = stoppedFailure(outcome);
  if (stopped) return { ok: false, failure: stopped };
  const summary = parsePingOutput(outcome.stdout);
  if (!summary) return { ok: false, failure: toolErrorFailure(outcome) };
  const { errors, ...stats } = summary;
  return { ok: true, stats, unreachableErrors: errors };
}

async function pingEchoes(plan: EchoPlan, ips: readonly string[], runTool: ToolRunner, signal: AbortSignal | undefined): Promise<Map<string, Echo>> {
  const echoes = new Map<string, Echo>();
  const queue = [...ips];
  const worker = async (): Promise<void> => {
    for (let ip = queue.shift(); ip !== undefined; ip = queue.shift()) {
      echoes.set(ip, await pingEcho(plan, ip, runTool, signal));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PING_CONCURRENCY, ips.length) }, worker));
  return echoes;
}

/** Echoes every address of the group; `signal` (when all its jobs are cancelled) kills the tool. */
export async function echoGroup(plan: EchoPlan, ips: readonly string[], runTool: ToolRunner, signal?: AbortSignal): Promise<Map<string, Echo>> {
  const outcome = await runTool('fping', fpingArgs(plan, ips), {
    timeoutMs: fpingDeadlineMs(plan, ips.length),
    signal,
    maxOutputBytes: 64 * 1024 + ips.length * (64 + plan.count * FPING_BYTES_PER_REPLY),
  });
  if (outcome.status === 'missing') return pingEchoes(plan, ips, runTool, signal);
  return fpingEchoes(outcome, ips);
}

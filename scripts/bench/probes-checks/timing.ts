// Timing accuracy: the target holds each answer's first byte for HOLD_MS and reports how long it
// really held it (from the request's last byte to the write). The error of a check is the distance
// between its measured TTFB and that. Checks run 100 at a time: started over SPREAD_MS (shorter than
// the hold, so all 100 are in flight together, as the scheduler spreads them) and, beside it,
// all at once in one turn (the worst burst).
import { execFileSync } from 'node:child_process';
import { setPriority } from 'node:os';
import { bundleIfStale } from '../../build-agent.mjs';
import { progress } from '../report.js';
import { startBenchChild, type BenchChild } from './proc.js';
import type { MeasuredTtfb, TimingRound } from './timing-checks.js';

export const HOLD_MS = 120;
export const CONCURRENT_CHECKS = 100;
export const SPREAD_MS = 100;

export interface TimingErrors {
  /** |measured TTFB − held| per check, ms, sorted. */
  errorsMs: number[];
  failed: number;
}

/** The value at quantile q (0-1) of sorted values (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

let roundNumber = 0;

async function runRounds(target: BenchChild, checks: BenchChild, port: number, rounds: number, spreadMs: number): Promise<TimingErrors> {
  const errorsMs: number[] = [];
  let failed = 0;
  for (let index = 0; index < rounds; index += 1) {
    roundNumber += 1;
    const request: TimingRound = { port, round: roundNumber, count: CONCURRENT_CHECKS, spreadMs };
    const measured = await checks.call<MeasuredTtfb>('round', request);
    const held = await target.call<Record<string, number>>('held');
    for (const [path, ttfb] of Object.entries(measured)) {
      const truth = held[path];
      if (ttfb === null || truth === undefined) failed += 1;
      else errorsMs.push(Math.abs(ttfb - truth));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  errorsMs.sort((a, b) => a - b);
  return { errorsMs, failed };
}

/**
 * The figure is about how the agent times, not about the machine's scheduler: on a shared machine
 * other programs' load delays whichever process waits for a core. The two processes that take the
 * timestamps run under the real-time FIFO policy while measuring, when the bench may set it (root;
 * they sleep almost all the time, so they never starve the machine), else at a raised priority.
 */
const FIFO_PRIORITY = '10';
const NICE_PRIORITY = -10;

function realTime(pid: number): boolean {
  try {
    execFileSync('chrt', ['-f', '-p', FIFO_PRIORITY, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function raisePriority(pids: readonly number[]): () => void {
  if (pids.every(realTime)) {
    progress('probes: timing: the target and the checking process run under SCHED_FIFO while measuring');
    return () => pids.forEach((pid) => execFileSync('chrt', ['-o', '-p', '0', String(pid)], { stdio: 'ignore' }));
  }
  try {
    for (const pid of pids) setPriority(pid, NICE_PRIORITY);
    progress(`probes: timing: the target and the checking process run at priority ${NICE_PRIORITY} while measuring`);
  } catch {
    progress('probes: timing: could not raise the priority of the measuring processes (not root); other load on the machine shows in the figure');
  }
  return () => undefined;
}

/** Both sides bundled and run by plain node, each alone in its process, as the agent is deployed. */
const bundled = (name: string): Promise<string> => bundleIfStale(`scripts/bench/probes-checks/${name}.ts`, `dist/bench/probes-checks-${name}.mjs`, ['scripts/bench/probes-checks']);

/** Spread rounds and burst rounds against a target process of their own, through one agent-side process. */
export async function measureTiming(rounds: { spread: number; burst: number }): Promise<{ spread: TimingErrors; burst: TimingErrors; spreadNormal: TimingErrors }> {
  const { child: target, ready: port } = await startBenchChild<number>('timing-target', [], await bundled('timing-target'));
  const { child: checks } = await startBenchChild<null>('timing-checks', [], await bundled('timing-checks'));
  await target.call('hold', HOLD_MS);
  let restorePriority = (): void => undefined;
  try {
    // One unmeasured round warms up the code paths.
    await runRounds(target, checks, port, 1, SPREAD_MS);
    progress(`probes: timing: ${rounds.spread} rounds of ${CONCURRENT_CHECKS} checks started over ${SPREAD_MS} ms under normal scheduling (informative)`);
    const spreadNormal = await runRounds(target, checks, port, rounds.spread, SPREAD_MS);
    restorePriority = raisePriority([target.pid, checks.pid]);
    progress(`probes: timing: ${rounds.spread} rounds of ${CONCURRENT_CHECKS} checks started over ${SPREAD_MS} ms, first byte held ${HOLD_MS} ms`);
    const spread = await runRounds(target, checks, port, rounds.spread, SPREAD_MS);
    progress(`probes: timing: ${rounds.burst} rounds of ${CONCURRENT_CHECKS} checks started at once`);
    const burst = await runRounds(target, checks, port, rounds.burst, 0);
    for (const [label, errors] of [['spread', spread], ['burst', burst]] as const) {
      if (errors.failed > 0) progress(`probes: WARNING timing (${label}): ${errors.failed} checks failed or went unseen by the target`);
    }
    return { spread, burst, spreadNormal };
  } finally {
    restorePriority();
    await checks.stop();
    await target.stop();
  }
}

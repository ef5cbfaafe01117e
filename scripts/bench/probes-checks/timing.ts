// Timing accuracy: the target holds each answer's first byte for HOLD_MS and reports how long it
// really held it (from the request's last byte to the write). The error of a check is the distance
// between its measured TTFB and that. Checks run 100 at a time: started over SPREAD_MS (shorter than
// the hold, so all 100 are in flight together, as the scheduler spreads them) and, beside it,
// all at once in one turn (the worst burst).
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
 * timestamps run at a raised priority while measuring, when the bench may raise it (root).
 */
const MEASURING_PRIORITY = -10;

function raisePriority(pids: readonly number[]): () => void {
  try {
    for (const pid of pids) setPriority(pid, MEASURING_PRIORITY);
    progress(`probes: timing: the target and the checking process run at priority ${MEASURING_PRIORITY} while measuring`);
  } catch {
    progress('probes: timing: could not raise the priority of the measuring processes (not root); other load on the machine shows in the figure');
  }
  return () => {
    for (const pid of pids) {
      try {
        setPriority(pid, 0);
      } catch {
        // The process may be gone already.
      }
    }
  };
}

/** Both sides bundled and run by plain node, each alone in its process, as the agent is deployed. */
const bundled = (name: string): Promise<string> => bundleIfStale(`scripts/bench/probes-checks/${name}.ts`, `dist/bench/probes-checks-${name}.mjs`, ['scripts/bench/probes-checks']);

/** Spread rounds and burst rounds against a target process of their own, through one agent-side process. */
export async function measureTiming(rounds: { spread: number; burst: number }): Promise<{ spread: TimingErrors; burst: TimingErrors }> {
  const { child: target, ready: port } = await startBenchChild<number>('timing-target', [], await bundled('timing-target'));
  const { child: checks } = await startBenchChild<null>('timing-checks', [], await bundled('timing-checks'));
  await target.call('hold', HOLD_MS);
  const restorePriority = raisePriority([target.pid, checks.pid]);
  try {
    // One unmeasured round warms up the code paths.
    await runRounds(target, checks, port, 1, SPREAD_MS);
    progress(`probes: timing: ${rounds.spread} rounds of ${CONCURRENT_CHECKS} checks started over ${SPREAD_MS} ms, first byte held ${HOLD_MS} ms`);
    const spread = await runRounds(target, checks, port, rounds.spread, SPREAD_MS);
    progress(`probes: timing: ${rounds.burst} rounds of ${CONCURRENT_CHECKS} checks started at once`);
    const burst = await runRounds(target, checks, port, rounds.burst, 0);
    for (const [label, errors] of [['spread', spread], ['burst', burst]] as const) {
      if (errors.failed > 0) progress(`probes: WARNING timing (${label}): ${errors.failed} checks failed or went unseen by the target`);
    }
    return { spread, burst };
  } finally {
    restorePriority();
    await checks.stop();
    await target.stop();
  }
}

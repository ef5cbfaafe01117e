/**
 * Rounds of a task (docs/architecture.md, "Evaluation"): a round is one period of the task's
 * frequency, aligned to the epoch (a 5-minute task's rounds start at :00, :05, …), and a check
 * belongs to the round its start time falls in. The agent runs each task on a stable phase within
 * each such period, so every node checks once a round. Pure functions of time.
 */

/** The length of a scheduling minute; tests shorten it as they shorten the agents' (`minuteMs`). */
export const MINUTE_MS = 60_000;

/** A round whose nodes did not all report closes this long after its period ends (half a minute). */
export const ROUND_GRACE_MINUTES = 0.5;

export interface RoundClock {
  /** Length of a minute in ms (60,000 but in tests). */
  minuteMs: number;
}

export interface Round {
  start: number;
  end: number;
}

export const periodMsOf = (frequencyMinutes: number, clock: RoundClock): number => Math.max(1, frequencyMinutes) * clock.minuteMs;

/** Where the round a check started at `ts` belongs to starts. */
export const roundStartOf = (ts: number, periodMs: number): number => Math.floor(ts / periodMs) * periodMs;

/** The round a check started at `ts` belongs to. */
export function roundOf(ts: number, periodMs: number): Round {
  const start = roundStartOf(ts, periodMs);
  return { start, end: start + periodMs };
}

/** When a round closes even though some node with an agent did not report in it. */
export const deadlineOf = (round: Round, clock: RoundClock): number => round.end + ROUND_GRACE_MINUTES * clock.minuteMs;

/** Whether every node the round waits for reported in it. */
export function isComplete(reported: ReadonlySet<number>, awaited: ReadonlySet<number>): boolean {
  // Fewer reports than awaited nodes (most batches of a round): incomplete without looking further.
  if (awaited.size === 0 || reported.size < awaited.size) return false;
  for (const nodeId of awaited) if (!reported.has(nodeId)) return false;
  return true;
}

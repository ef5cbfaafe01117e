import { LIMITS } from '../../../shared/index.js';

/** While the user is active, the server hears of it at most once a minute. */
export const WAKE_THROTTLE_MS = 60_000;

/**
 * The countdown is the last part of the idle time, so the console signs out exactly when the server
 * would end the session (idle time after the last call it heard). Very short idle times (tests, strict
 * deployments) get half of it as countdown.
 */
export function countdownSecondsFor(idleSeconds: number): number {
  return Math.max(1, Math.min(LIMITS.idleCountdownSeconds, Math.floor(idleSeconds / 2)));
}

export interface IdleClock {
  now: number;
  /** Last pointer, key, touch or scroll. */
  lastActivity: number;
  /** Last time the server heard from this session (sign-in or wakening). */
  lastWake: number;
  idleSeconds: number;
}

export type IdleStep = { kind: 'wake' } | { kind: 'active' } | { kind: 'countdown'; secondsLeft: number };

/**
 * One tick of the idle watch. Activity since the last wake-up is reported to the server once the
 * throttle allows, and at the latest before the countdown would start; only a user quiet since the
 * last wake-up sees the countdown.
 */
export function idleStep({ now, lastActivity, lastWake, idleSeconds }: IdleClock): IdleStep {
  const sinceWakeMs = now - lastWake;
  const countdownStartsMs = (idleSeconds - countdownSecondsFor(idleSeconds)) * 1000;
  if (lastActivity > lastWake) {
    return sinceWakeMs >= Math.min(WAKE_THROTTLE_MS, countdownStartsMs) ? { kind: 'wake' } : { kind: 'active' };
  }
  if (sinceWakeMs < countdownStartsMs) return { kind: 'active' };
  return { kind: 'countdown', secondsLeft: Math.max(0, Math.ceil((idleSeconds * 1000 - sinceWakeMs) / 1000)) };
}

export type IdleTimes = Pick<IdleClock, 'lastActivity' | 'lastWake'>;

/**
 * Tabs of one origin share one session, so the latest activity and wake-up of any tab count for all.
 * Times after `now` (another tab's clock before it was set back) are ignored, or they would hold
 * off the countdown for good.
 */
export function mergeIdleTimes(now: number, sources: readonly Partial<IdleTimes>[]): IdleTimes {
  const latest = (pick: (times: Partial<IdleTimes>) => number | undefined) =>
    Math.max(0, ...sources.map(pick).filter((time): time is number => time !== undefined && Number.isFinite(time) && time <= now));
  return { lastActivity: latest((times) => times.lastActivity), lastWake: latest((times) => times.lastWake) };
}

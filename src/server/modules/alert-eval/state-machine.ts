import type { Round } from './rounds.js';

/**
 * The per (rule, task) state machine, as pure functions: what one closed round does to the state,
 * and which messages it causes. Times are round times (the start of a round), so durations and
 * cooldowns count whole rounds and read the same when a round is evaluated late (after a restart).
 */

export interface OpenIncident {
  id: number;
  /** Start of the first breaching round of the incident (SSL: of the round that told the first mark). */
  startedAt: number;
  /** Start of the round whose close sent the last message (first or repeat). */
  lastSentAt: number;
}

export interface SslMemory {
  /** The certificate's expiry: a later one is a renewal. */
  validTo: string;
  fingerprint256: string;
  /** Day marks already told for this certificate. */
  told: number[];
}

export interface RuleTaskState {
  /** Consecutive breaching rounds so far. */
  streak: number;
  /** Start of the first round of the streak. */
  streakStartedAt: number | null;
  incident: OpenIncident | null;
  /** Start of the last round evaluated. */
  lastRoundStart: number | null;
  ssl: SslMemory | null;
}

export const initialState = (): RuleTaskState => ({ streak: 0, streakStartedAt: null, incident: null, lastRoundStart: null, ssl: null });

export type BreachEvent =
  | { event: 'fire'; startedAt: number }
  | { event: 'repeat'; startedAt: number }
  | { event: 'recover'; startedAt: number; durationMs: number };

export interface BreachRule {
  sensitivity: number;
  /** 0: no repeats. */
  cooldownMs: number;
}

export interface Step<E> {
  state: RuleTaskState;
  /** At most one message a round. */
  event: E | null;
}

/** A new incident's id is given when it is written; until then the step marks it with 0. */
export const NEW_INCIDENT_ID = 0;

function onBreach(state: RuleTaskState, rule: BreachRule, round: Round): Step<BreachEvent> {
  const streak = state.streak + 1;
  const streakStartedAt = state.streak === 0 || state.streakStartedAt === null ? round.start : state.streakStartedAt;
  const next = { ...state, streak, streakStartedAt, lastRoundStart: round.start };
  const incident = state.incident;
  if (incident === null) {
    if (streak < rule.sensitivity) return { state: next, event: null };
    const opened = { id: NEW_INCIDENT_ID, startedAt: streakStartedAt, lastSentAt: round.start };
    return { state: { ...next, incident: opened }, event: { event: 'fire', startedAt: streakStartedAt } };
  }
  if (rule.cooldownMs > 0 && round.start - incident.lastSentAt >= rule.cooldownMs) {
    return { state: { ...next, incident: { ...incident, lastSentAt: round.start } }, event: { event: 'repeat', startedAt: incident.startedAt } };
  }
  return { state: next, event: null };
}

function onClear(state: RuleTaskState, round: Round): Step<BreachEvent> {
  const next = { ...state, streak: 0, streakStartedAt: null, incident: null, lastRoundStart: round.start };
  const incident = state.incident;
  if (incident === null) return { state: next, event: null };
  return { state: next, event: { event: 'recover', startedAt: incident.startedAt, durationMs: round.start - incident.startedAt } };
}

/**
 * One closed round of a latency, availability or IP-not-matched rule. `breaching` null: no node had
 * data, and the round neither breaches nor recovers (the streak and any incident carry on).
 * Fires once the streak reaches the sensitivity; while the incident goes on, repeats when the
 * cooldown has passed since the last message (never with cooldown 0); recovers on the first round
 * that does not breach, with the incident's duration.
 */
export function stepBreach(state: RuleTaskState, rule: BreachRule, round: Round, breaching: boolean | null): Step<BreachEvent> {
  if (breaching === null) return { state: { ...state, lastRoundStart: round.start }, event: null };
  return breaching ? onBreach(state, rule, round) : onClear(state, round);
}

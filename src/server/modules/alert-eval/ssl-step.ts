import type { Round } from './rounds.js';
import { NEW_INCIDENT_ID, type RuleTaskState, type Step } from './state-machine.js';

/**
 * SSL expiry rules: a message when the certificate's days left reach a day mark (days left ≤ mark),
 * each mark once per certificate; marks reached in the same round make one message naming the
 * nearest. A certificate with a later expiry is a renewal: one message when marks had been told for
 * the old one, and the marks start over. The certificate is the one expiring soonest among the
 * round's checks. The first mark told opens an incident; the renewal ends it.
 */

export interface SeenCertificate {
  validTo: string;
  daysLeft: number;
  fingerprint256: string;
}

export type SslEvent =
  | { event: 'ssl_mark'; mark: number; daysLeft: number; validTo: string }
  | { event: 'ssl_renewed'; validTo: string; previousValidTo: string; startedAt: number; durationMs: number };

const expiryOf = (validTo: string) => Date.parse(validTo);

function renewal(state: RuleTaskState, seen: SeenCertificate, round: Round): Step<SslEvent> | null {
  const known = state.ssl;
  if (known === null || !(expiryOf(seen.validTo) > expiryOf(known.validTo))) return null;
  const next: RuleTaskState = { ...state, incident: null, lastRoundStart: round.start, ssl: { validTo: seen.validTo, fingerprint256: seen.fingerprint256, told: [] } };
  if (known.told.length === 0 || state.incident === null) return { state: next, event: null };
  const startedAt = state.incident.startedAt;
  return { state: next, event: { event: 'ssl_renewed', validTo: seen.validTo, previousValidTo: known.validTo, startedAt, durationMs: round.start - startedAt } };
}

export function stepSsl(state: RuleTaskState, marks: readonly number[], round: Round, seen: SeenCertificate | null): Step<SslEvent> {
  if (seen === null) return { state: { ...state, lastRoundStart: round.start }, event: null };
  const renewed = renewal(state, seen, round);
  if (renewed?.event) return renewed;
  const base = renewed?.state ?? state;
  const known = base.ssl ?? { validTo: seen.validTo, fingerprint256: seen.fingerprint256, told: [] };
  const reached = marks.filter((mark) => seen.daysLeft <= mark && !known.told.includes(mark));
  if (reached.length === 0) return { state: { ...base, lastRoundStart: round.start, ssl: known }, event: null };
  const next: RuleTaskState = { ...base, lastRoundStart: round.start, ssl: { ...known, told: [...known.told, ...reached].sort((a, b) => b - a) } };
  const incident = base.incident ?? { id: NEW_INCIDENT_ID, startedAt: round.start, lastSentAt: round.start };
  return {
    state: { ...next, incident: { ...incident, lastSentAt: round.start } },
    event: { event: 'ssl_mark', mark: Math.min(...reached), daysLeft: seen.daysLeft, validTo: seen.validTo },
  };
}

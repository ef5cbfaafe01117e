import { describe, expect, it } from 'vitest';
import { stepSsl } from '../../../src/server/modules/alert-eval/ssl-step.js';
import { initialState, stepBreach, type BreachRule, type RuleTaskState } from '../../../src/server/modules/alert-eval/state-machine.js';
import { deadlineOf, isComplete, roundOf } from '../../../src/server/modules/alert-eval/rounds.js';

const PERIOD = 60_000;
const T0 = 1_700_000_040_000;
const roundAt = (index: number) => ({ start: T0 + index * PERIOD, end: T0 + (index + 1) * PERIOD });

/** Runs rounds of breaching (true), clear (false) or no data (null); answers each round's event. */
function run(rule: BreachRule, rounds: (boolean | null)[], from: RuleTaskState = initialState()) {
  let state = from;
  const events: (string | null)[] = [];
  const details: unknown[] = [];
  rounds.forEach((breaching, index) => {
    const step = stepBreach(state, rule, roundAt(index), breaching);
    state = step.state;
    events.push(step.event?.event ?? null);
    if (step.event) details.push(step.event);
  });
  return { state, events, details };
}

describe('rounds', () => {
  it('are epoch-aligned periods; a check belongs to the one its start falls in', () => {
    expect(roundOf(T0 + 59_999, PERIOD)).toEqual({ start: T0, end: T0 + PERIOD });
    expect(roundOf(T0 + 60_000, PERIOD).start).toBe(T0 + PERIOD);
    expect(roundOf(T0 + 1, 5 * PERIOD).start % (5 * PERIOD)).toBe(0);
  });

  it('close at the period end plus half a minute, or when every awaited node reported', () => {
    expect(deadlineOf(roundAt(0), { minuteMs: 60_000 })).toBe(T0 + PERIOD + 30_000);
    expect(deadlineOf(roundAt(0), { minuteMs: 1_000 })).toBe(T0 + PERIOD + 500);
    expect(isComplete(new Set([1, 2]), new Set([1, 2]))).toBe(true);
    expect(isComplete(new Set([1]), new Set([1, 2]))).toBe(false);
    expect(isComplete(new Set([1, 3]), new Set())).toBe(false);
  });
});

describe('breach state machine', () => {
  it('fires after exactly `sensitivity` breaching rounds, not one round short', () => {
    expect(run({ sensitivity: 3, cooldownMs: 0 }, [true, true]).events).toEqual([null, null]);
    const { events, details } = run({ sensitivity: 3, cooldownMs: 0 }, [true, true, true]);
    expect(events).toEqual([null, null, 'fire']);
    expect(details[0]).toEqual({ event: 'fire', startedAt: roundAt(0).start });
  });

  it('a clear round resets the streak', () => {
    expect(run({ sensitivity: 3, cooldownMs: 0 }, [true, true, false, true, true]).events).toEqual([null, null, null, null, null]);
  });

  it('a round without data neither breaches nor recovers', () => {
    expect(run({ sensitivity: 3, cooldownMs: 0 }, [true, null, true, true]).events).toEqual([null, null, null, 'fire']);
    const fired = run({ sensitivity: 1, cooldownMs: 0 }, [true, null, null]);
    expect(fired.events).toEqual(['fire', null, null]);
    expect(fired.state.incident).not.toBeNull();
  });

  it('sends one message per incident without cooldown, and recovers with its duration', () => {
    const { events, details } = run({ sensitivity: 2, cooldownMs: 0 }, [true, true, true, true, true, true, false, false]);
    expect(events).toEqual([null, 'fire', null, null, null, null, 'recover', null]);
    expect(details[1]).toEqual({ event: 'recover', startedAt: roundAt(0).start, durationMs: 6 * PERIOD });
  });

  it('repeats while the incident goes on, each time the cooldown has passed', () => {
    const { events } = run({ sensitivity: 1, cooldownMs: 5 * PERIOD }, Array.from({ length: 12 }, () => true));
    expect(events.map((event, index) => (event ? `${index}:${event}` : null)).filter(Boolean)).toEqual(['0:fire', '5:repeat', '10:repeat']);
  });

  it('a new incident after a recovery fires again after `sensitivity` rounds', () => {
    const { events } = run({ sensitivity: 2, cooldownMs: 0 }, [true, true, false, true, true]);
    expect(events).toEqual([null, 'fire', 'recover', null, 'fire']);
  });
});

describe('SSL marks', () => {
  const cert = (daysLeft: number, validTo = '2030-01-10T00:00:00.000Z', fingerprint256 = 'AA') => ({ daysLeft, validTo, fingerprint256 });

  it('tells each crossed mark once per certificate, nearest mark when several are crossed together', () => {
    let state = initialState();
    const events: unknown[] = [];
    for (const [index, days] of [40, 29, 28, 6, 5, 2].entries()) {
      const step = stepSsl(state, [30, 14, 7, 3], roundAt(index), cert(days));
      state = step.state;
      if (step.event) events.push(step.event);
    }
    expect(events).toEqual([
      { event: 'ssl_mark', mark: 30, daysLeft: 29, validTo: '2030-01-10T00:00:00.000Z' },
      { event: 'ssl_mark', mark: 7, daysLeft: 6, validTo: '2030-01-10T00:00:00.000Z' },
      { event: 'ssl_mark', mark: 3, daysLeft: 2, validTo: '2030-01-10T00:00:00.000Z' },
    ]);
    expect(state.incident?.startedAt).toBe(roundAt(1).start);
  });

  it('says once when the certificate is renewed, and the marks start over', () => {
    let state = stepSsl(initialState(), [7], roundAt(0), cert(5)).state;
    const renewed = stepSsl(state, [7], roundAt(3), cert(89, '2030-04-10T00:00:00.000Z', 'BB'));
    expect(renewed.event).toEqual({
      event: 'ssl_renewed',
      validTo: '2030-04-10T00:00:00.000Z',
      previousValidTo: '2030-01-10T00:00:00.000Z',
      startedAt: roundAt(0).start,
      durationMs: 3 * PERIOD,
    });
    state = renewed.state;
    expect(state.incident).toBeNull();
    expect(stepSsl(state, [7], roundAt(4), cert(88, '2030-04-10T00:00:00.000Z', 'BB')).event).toBeNull();
    expect(stepSsl(state, [7], roundAt(5), cert(6, '2030-04-10T00:00:00.000Z', 'BB')).event).toMatchObject({ event: 'ssl_mark', mark: 7 });
  });

  it('a renewal before any mark was told says nothing; no certificate read changes nothing', () => {
    const state = stepSsl(initialState(), [7], roundAt(0), cert(40)).state;
    expect(stepSsl(state, [7], roundAt(1), cert(80, '2030-03-10T00:00:00.000Z')).event).toBeNull();
    expect(stepSsl(state, [7], roundAt(1), null).state.ssl).toEqual(state.ssl);
  });
});

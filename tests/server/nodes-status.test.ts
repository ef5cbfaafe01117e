import type { SelfCheck } from '../../src/shared/calls/agent.js';
import { describe, expect, it } from 'vitest';
import {
  HEARTBEAT_SECONDS,
  SELF_CHECK_WINDOW_MAX,
  SELF_CHECK_WINDOW_MS,
  deriveNodeStatus,
  selfCheckOutcomeOf,
  withSelfCheck,
  type SelfCheckOutcome,
} from '../../src/server/modules/nodes/status.js';

const NOW = Date.parse('2026-03-01T08:00:00.000Z');
const INTERVAL = HEARTBEAT_SECONDS * 1000;
const secondsAgo = (seconds: number) => NOW - seconds * 1000;

/** Outcomes every 30 s ending now, oldest first; `failed` lists which (by index) failed. */
function outcomes(count: number, failed: number[] = []): SelfCheckOutcome[] {
  return Array.from({ length: count }, (_, index) => ({ at: NOW - (count - 1 - index) * INTERVAL, ok: !failed.includes(index) }));
}

const status = (lastSeenAt: number | null, selfChecks: SelfCheckOutcome[] = []) => deriveNodeStatus({ lastSeenAt, selfChecks }, NOW);

describe('deriveNodeStatus', () => {
  it('is none when no agent ever registered', () => {
    expect(status(null)).toBe('none');
  });

  it('is usable with a fresh heartbeat and clean self-checks, up to two intervals of silence', () => {
    expect(status(NOW, outcomes(10))).toBe('usable');
    expect(status(NOW - 2 * INTERVAL, outcomes(10))).toBe('usable');
  });

  it('turns warning past two intervals and unusable past five', () => {
    expect(status(NOW - 2 * INTERVAL - 1)).toBe('warning');
    expect(status(NOW - 5 * INTERVAL)).toBe('warning');
    expect(status(NOW - 5 * INTERVAL - 1)).toBe('unusable');
  });

  it('warns, without marking the node unusable, for one bad minute among good ones', () => {
    expect(status(NOW, outcomes(10, [9]))).toBe('warning');
    expect(status(NOW, outcomes(10, [8, 9]))).toBe('warning');
    expect(status(NOW, outcomes(1, [0]))).toBe('warning');
    expect(status(NOW, outcomes(2, [0, 1]))).toBe('warning');
  });

  it('is unusable when most self-checks of the last five minutes failed', () => {
    expect(status(NOW, outcomes(3, [0, 1, 2]))).toBe('unusable');
    expect(status(NOW, outcomes(10, [4, 5, 6, 7, 8, 9]))).toBe('unusable');
    expect(status(NOW, outcomes(10, [5, 6, 7, 8, 9]))).toBe('warning');
  });

  it('forgets self-check failures older than the window', () => {
    const old = [0, 1, 2, 3].map((index) => ({ at: secondsAgo(SELF_CHECK_WINDOW_MS / 1000 + 10 + index), ok: false }));
    expect(status(NOW, [...old, ...outcomes(2)])).toBe('usable');
    expect(status(NOW, [{ at: NOW - SELF_CHECK_WINDOW_MS, ok: false }])).toBe('usable');
  });
});

describe('withSelfCheck', () => {
  it('keeps only the recent, bounded window', () => {
    const stale = { at: NOW - SELF_CHECK_WINDOW_MS - 1, ok: false };
    expect(withSelfCheck([stale], { at: NOW, ok: true })).toEqual([{ at: NOW, ok: true }]);
    let window: SelfCheckOutcome[] = [];
    for (let index = 0; index < SELF_CHECK_WINDOW_MAX + 5; index += 1) window = withSelfCheck(window, { at: NOW - 1000 + index, ok: true });
    expect(window).toHaveLength(SELF_CHECK_WINDOW_MAX);
    expect(window.at(-1)?.at).toBe(NOW - 1000 + SELF_CHECK_WINDOW_MAX + 4);
  });
});

/** Outcomes every 30 s ending now: `degraded` and `failed` list which (by index) were so. */
function mixed(count: number, { degraded = [], failed = [] }: { degraded?: number[]; failed?: number[] }): SelfCheckOutcome[] {
  return outcomes(count, failed).map((outcome, index) => ({ ...outcome, degraded: outcome.ok && degraded.includes(index) }));
}

describe('deriveNodeStatus with degraded self-checks', () => {
  it('warns while a degraded self-check is in the window, then recovers', () => {
    expect(status(NOW, mixed(10, { degraded: [9] }))).toBe('warning');
    expect(status(NOW, mixed(10, { degraded: [0] }))).toBe('warning');
    const aged = [{ at: NOW - SELF_CHECK_WINDOW_MS, ok: true, degraded: true }];
    expect(status(NOW, [...aged, ...outcomes(2)])).toBe('usable');
  });

  it('never makes a node unusable however long it stays degraded', () => {
    expect(status(NOW, mixed(10, { degraded: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }))).toBe('warning');
  });

  it('makes it unusable only for failed self-checks that are most of the window', () => {
    expect(status(NOW, mixed(10, { degraded: [0, 1, 2, 3], failed: [4, 5, 6, 7, 8, 9] }))).toBe('unusable');
    expect(status(NOW, mixed(10, { degraded: [0, 1, 2, 3, 4], failed: [5, 6, 7, 8, 9] }))).toBe('warning');
    expect(status(NOW, mixed(10, { failed: [8, 9] }))).toBe('warning');
  });

  it('reads windows stored before the degraded flag existed', () => {
    expect(status(NOW, [{ at: NOW - INTERVAL, ok: true }, { at: NOW, ok: true }])).toBe('usable');
  });
});

describe('selfCheckOutcomeOf', () => {
  const base: SelfCheck = { ok: true, checkedAt: new Date(NOW).toISOString(), loopbackRttMs: 0.05, dnsOk: true, toolErrors: [] };
  const outcome = (fields: Partial<SelfCheck>) => selfCheckOutcomeOf({ ...base, ...fields }, NOW);

  it('is clean for a clean self-check, and for an older agent that sends no reference or node DNS fields', () => {
    expect(outcome({})).toEqual({ at: NOW, ok: true, degraded: false });
    expect(outcome({ nodeDnsOk: true, nodeDnsMs: 4.2, referenceTarget: '10.0.0.1:8080', referenceLossPct: 0, referenceRttMs: 1.5 })).toEqual({ at: NOW, ok: true, degraded: false });
    expect(outcome({ nodeDnsOk: null, referenceLossPct: null })).toEqual({ at: NOW, ok: true, degraded: false });
  });

  it('is degraded for partial reference loss or a failing node DNS server', () => {
    expect(outcome({ referenceLossPct: 33.3, referenceRttMs: 20 })).toEqual({ at: NOW, ok: true, degraded: true });
    expect(outcome({ referenceLossPct: 0, nodeDnsOk: false })).toEqual({ at: NOW, ok: true, degraded: true });
  });

  it('is failed when the reference target is wholly unreachable or the agent says it cannot probe', () => {
    expect(outcome({ referenceLossPct: 100, referenceRttMs: null })).toEqual({ at: NOW, ok: false, degraded: false });
    expect(outcome({ ok: false, referenceLossPct: 33.3 })).toEqual({ at: NOW, ok: false, degraded: false });
  });
});

import { describe, expect, it } from 'vitest';
import { CHECKS, type CheckRegistry } from '../../src/agent/checks/registry.js';
import { ICMP_TOOL_RECHECK_MS, IcmpToolWatch, runSelfCheck } from '../../src/agent/self-check.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import type { CheckResultOf, Failure } from '../../src/shared/probe/results.js';

type IcmpResult = CheckResultOf<typeof MONITOR_TYPES.ICMP>;

function icmpResult(failure: Failure | null): IcmpResult {
  const details = failure ? null : { ip: '127.0.0.1', sent: 1, received: 1, lossPercent: 0, minMs: 0.1, avgMs: 0.1, maxMs: 0.1 };
  return { type: MONITOR_TYPES.ICMP, ok: failure === null, startedAt: new Date(0).toISOString(), durationMs: 1, failure, resolvedIps: ['127.0.0.1'], ipMatched: null, details };
}

const BROKEN: Failure = { source: 'probe', code: 'tool_error', detail: 'fping: cannot open socket' };

/** An ICMP tool that answers `failure` (null: it works) and counts its runs. */
function icmpTool(state: { failure: Failure | null; runs: number }): CheckRegistry {
  return {
    ...CHECKS,
    [MONITOR_TYPES.ICMP]: {
      type: MONITOR_TYPES.ICMP,
      run: async () => {
        state.runs += 1;
        return icmpResult(state.failure);
      },
    },
  };
}

function watched(failure: Failure | null) {
  const state = { failure, runs: 0 };
  const clock = { now: 1_000_000 };
  const registry = icmpTool(state);
  const watch = new IcmpToolWatch(registry, () => clock.now);
  return { state, clock, registry, watch, selfCheck: () => runSelfCheck(registry, {}, watch) };
}

describe("the self-check's ICMP tool step", () => {
  it('runs at the first self-check, then reports its clean verdict without spawning until the recheck is due', async () => {
    const { state, clock, selfCheck } = watched(null);
    expect((await selfCheck()).toolErrors).toEqual([]);
    clock.now += ICMP_TOOL_RECHECK_MS - 1;
    expect((await selfCheck()).toolErrors).toEqual([]);
    expect(state.runs).toBe(1);
    clock.now += 1;
    await selfCheck();
    expect(state.runs).toBe(2);
  }, 30_000);

  it('notices a tool that broke at the next recheck, and looks again at every self-check while it fails', async () => {
    const { state, clock, selfCheck } = watched(null);
    await selfCheck();
    state.failure = BROKEN;
    clock.now += ICMP_TOOL_RECHECK_MS;
    const failed = await selfCheck();
    expect(failed).toMatchObject({ ok: false, toolErrors: ['icmp: probe tool_error fping: cannot open socket'] });
    expect((await selfCheck()).ok).toBe(false);
    state.failure = null;
    expect((await selfCheck()).toolErrors).toEqual([]);
    expect(state.runs).toBe(4);
  }, 30_000);

  it("runs at the next self-check when a task's ICMP check met a broken tool", async () => {
    const { state, watch, selfCheck } = watched(null);
    await selfCheck();
    state.failure = BROKEN;
    watch.noteResult(icmpResult({ source: 'target', code: 'packet_loss' }));
    await selfCheck();
    expect(state.runs).toBe(1);
    watch.noteResult(icmpResult(BROKEN));
    expect((await selfCheck()).toolErrors).toHaveLength(1);
    expect(state.runs).toBe(2);
  }, 30_000);
});

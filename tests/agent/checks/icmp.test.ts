import { describe, expect, it, vi } from 'vitest';
import { createIcmpCoalescer } from '../../../src/agent/checks/icmp/coalesce.js';
import { createIcmpCheck, icmpCheck } from '../../../src/agent/checks/icmp/index.js';
import { runTool, type ToolRunner } from '../../../src/agent/checks/tools.js';
import type { CheckContext } from '../../../src/agent/checks/types.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { IcmpOptions } from '../../../src/shared/probe/options.js';
import { CheckResult } from '../../../src/shared/probe/results.js';

const LOOPBACK: CheckContext = { allowPrivateTargets: true, matchingIps: [] };
/** TEST-NET-3 (documentation): never answers; non-public, so the tests' node allows private targets. */
const SILENT_HOST = '203.0.113.9';

const options = (host: string, extra: { count?: number; timeoutMs?: number } = {}) =>
  IcmpOptions.parse({ type: MONITOR_TYPES.ICMP, host, count: 3, timeoutMs: 1000, ...extra });

/** The real runner, watched: which tools were spawned with which arguments. */
function spyRunner(hide: readonly string[] = []) {
  return vi.fn<ToolRunner>((tool, args, runOptions) =>
    hide.includes(tool) ? Promise.resolve({ status: 'missing', exitCode: null, stdout: '', stderr: '', truncated: false }) : runTool(tool, args, runOptions),
  );
}

describe('ICMP check against real targets', () => {
  it('pings 127.0.0.1 and reports sent, received, loss and round-trip times', async () => {
    const result = CheckResult.parse(await icmpCheck.run(options('127.0.0.1'), LOOPBACK));
    expect(result).toMatchObject({ type: 1, ok: true, failure: null, resolvedIps: ['127.0.0.1'], ipMatched: null });
    expect(result.details).toMatchObject({ ip: '127.0.0.1', sent: 3, received: 3, lossPercent: 0 });
    const details = result.type === 1 ? result.details : null;
    expect(details?.minMs).toBeGreaterThanOrEqual(0);
    expect(details?.minMs).toBeLessThanOrEqual(details?.avgMs ?? -1);
    expect(details?.avgMs).toBeLessThanOrEqual(details?.maxMs ?? -1);
  });

  it('pings ::1 over IPv6', async () => {
    const result = CheckResult.parse(await icmpCheck.run(options('::1'), LOOPBACK));
    expect(result).toMatchObject({ ok: true, details: { ip: '::1', received: 3 } });
  });

  it('serves a batch of targets with ONE fping process', async () => {
    const runner = spyRunner();
    const hosts = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '::1', '127.0.0.1'];
    const results = await createIcmpCheck({ runTool: runner }).runBatch?.(hosts.map((host) => ({ options: options(host), ctx: LOOPBACK })));
    expect(runner).toHaveBeenCalledTimes(1);
    expect(runner.mock.calls[0]?.[0]).toBe('fping');
    expect(runner.mock.calls[0]?.[1].slice(-4)).toEqual(['127.0.0.1', '127.0.0.2', '127.0.0.3', '::1']);
    expect(results?.map((result) => CheckResult.parse(result))).toHaveLength(5);
    expect(results?.map((result) => [result.ok, result.details?.ip])).toEqual(hosts.map((host) => [true, host]));
  });

  it('runs one process per plan when jobs differ in count or timeout', async () => {
    const runner = spyRunner();
    const results = await createIcmpCheck({ runTool: runner }).runBatch?.([
      { options: options('127.0.0.1', { count: 2 }), ctx: LOOPBACK },
      { options: options('127.0.0.2', { count: 2 }), ctx: LOOPBACK },
      { options: options('127.0.0.3', { count: 1 }), ctx: LOOPBACK },
    ]);
    expect(runner).toHaveBeenCalledTimes(2);
    expect(results?.map((result) => result.details?.sent)).toEqual([2, 2, 1]);
  });

  it('reports total loss as the target losing every packet', async () => {
    const result = CheckResult.parse(await icmpCheck.run(options(SILENT_HOST, { count: 2, timeoutMs: 500 }), LOOPBACK));
    expect(result).toMatchObject({ ok: false, failure: { source: 'target', code: 'packet_loss' } });
    expect(result.details).toMatchObject({ ip: SILENT_HOST, sent: 2, received: 0, lossPercent: 100, avgMs: null });
  });

  it('fails an unresolvable host at the resolver without spawning anything', async () => {
    const runner = spyRunner();
    const result = CheckResult.parse(await createIcmpCheck({ runTool: runner }).run(options('no-such-host.invalid'), LOOPBACK));
    expect(result).toMatchObject({ ok: false, failure: { source: 'resolver' }, resolvedIps: [], details: null });
    expect(runner).not.toHaveBeenCalled();
  });

  it('refuses a private target unless the node allows it, and still pings the rest of the batch', async () => {
    const runner = spyRunner();
    const strict: CheckContext = { allowPrivateTargets: false, matchingIps: [] };
    const results = await createIcmpCheck({ runTool: runner }).runBatch?.([
      { options: options('127.0.0.1'), ctx: strict },
      { options: options('::1'), ctx: LOOPBACK },
    ]);
    expect(results?.[0]).toMatchObject({ ok: false, failure: { source: 'probe', code: 'target_not_allowed' }, details: null });
    expect(results?.[1]).toMatchObject({ ok: true, details: { ip: '::1' } });
    expect(runner.mock.calls[0]?.[1]).not.toContain('127.0.0.1');
  });

  it('records whether the address matches the task, without failing the check', async () => {
    const matched = await icmpCheck.run(options('127.0.0.1', { count: 1 }), { allowPrivateTargets: true, matchingIps: ['127.0.0.1'] });
    const notMatched = await icmpCheck.run(options('127.0.0.1', { count: 1 }), { allowPrivateTargets: true, matchingIps: ['198.51.100.1'] });
    expect(matched).toMatchObject({ ok: true, ipMatched: true });
    expect(notMatched).toMatchObject({ ok: true, ipMatched: false });
  });

  it('falls back to ping when fping is missing', async () => {
    const runner = spyRunner(['fping']);
    const results = await createIcmpCheck({ runTool: runner }).runBatch?.([
      { options: options('127.0.0.1'), ctx: LOOPBACK },
      { options: options('::1'), ctx: LOOPBACK },
    ]);
    expect(runner.mock.calls.map(([tool]) => tool).sort()).toEqual(['fping', 'ping', 'ping']);
    expect(results?.map((result) => CheckResult.parse(result))).toMatchObject([
      { ok: true, details: { ip: '127.0.0.1', sent: 3, received: 3 } },
      { ok: true, details: { ip: '::1', sent: 3, received: 3 } },
    ]);
  });

  it('says the probe lacks its tools when neither fping nor ping exists', async () => {
    const result = CheckResult.parse(await createIcmpCheck({ runTool: spyRunner(['fping', 'ping']) }).run(options('127.0.0.1'), LOOPBACK));
    expect(result).toMatchObject({ ok: false, failure: { source: 'probe', code: 'tool_missing' }, resolvedIps: ['127.0.0.1'] });
  });

  it('turns a failing fping into a probe tool error with its first line', async () => {
    const broken: ToolRunner = () =>
      Promise.resolve({ status: 'exited', exitCode: 4, stdout: '', stderr: 'fping: can\'t create socket (must run as root?)\n', truncated: false });
    const result = CheckResult.parse(await createIcmpCheck({ runTool: broken }).run(options('127.0.0.1'), LOOPBACK));
    expect(result.failure).toEqual({ source: 'probe', code: 'tool_error', detail: "fping: can't create socket (must run as root?)" });
  });

  it('kills fping when every job of the batch is cancelled', async () => {
    const runner = spyRunner();
    const controller = new AbortController();
    const ctx: CheckContext = { ...LOOPBACK, signal: controller.signal };
    const pending = createIcmpCheck({ runTool: runner }).run(options(SILENT_HOST, { count: 20, timeoutMs: 3000 }), ctx);
    setTimeout(() => controller.abort(), 300);
    const result = CheckResult.parse(await pending);
    expect(result.failure).toEqual({ source: 'probe', code: 'timeout', detail: 'aborted' });
    expect((await runner.mock.results[0]?.value)?.status).toBe('aborted');
  });
});

describe('ICMP checks arriving one at a time', () => {
  it('share one fping process when they come within the coalescing window', async () => {
    const runner = spyRunner();
    // A window far longer than the test: the batch starts when the third check joins, not on a timer.
    const coalesced = createIcmpCoalescer({ windowMs: 60_000, maxJobs: 3, check: createIcmpCheck({ runTool: runner }) });
    const first = coalesced.run(options('127.0.0.1'), LOOPBACK);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runner).not.toHaveBeenCalled();
    const rest = ['127.0.0.2', '::1'].map((host) => coalesced.run(options(host), LOOPBACK));
    const results = await Promise.all([first, ...rest]);
    expect(runner).toHaveBeenCalledTimes(1);
    expect(results.map((result) => CheckResult.parse(result).details)).toMatchObject([{ ip: '127.0.0.1' }, { ip: '127.0.0.2' }, { ip: '::1' }]);
  });

  it('start a batch at once when it is full', async () => {
    const runner = spyRunner();
    const coalesced = createIcmpCoalescer({ windowMs: 60_000, maxJobs: 2, check: createIcmpCheck({ runTool: runner }) });
    const results = await Promise.all(['127.0.0.1', '127.0.0.2'].map((host) => coalesced.run(options(host, { count: 1 }), LOOPBACK)));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(runner).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it } from 'vitest';
import { createTracerouteCheck, tracerouteCheck } from '../../../src/agent/checks/traceroute/index.js';
import type { ToolOutcome, ToolRunner } from '../../../src/agent/checks/tools.js';
import type { CheckContext } from '../../../src/agent/checks/types.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { TracerouteOptions } from '../../../src/shared/probe/options.js';
import { CheckResult } from '../../../src/shared/probe/results.js';

const LOOPBACK: CheckContext = { allowPrivateTargets: true, matchingIps: [] };
const options = (host: string) => TracerouteOptions.parse({ type: MONITOR_TYPES.TRACEROUTE, host, maxHops: 5, probesPerHop: 3, timeoutMs: 20_000 });
const fakeRunner =
  (outcome: Partial<ToolOutcome>): ToolRunner =>
  () =>
    Promise.resolve({ status: 'exited', exitCode: 0, stdout: '', stderr: '', truncated: false, ...outcome });

describe('traceroute check', () => {
  it('traces 127.0.0.1 for real: one hop, reached', async () => {
    const result = CheckResult.parse(await tracerouteCheck.run(options('127.0.0.1'), { ...LOOPBACK, matchingIps: ['127.0.0.1'] }));
    expect(result).toMatchObject({ type: 6, ok: true, failure: null, resolvedIps: ['127.0.0.1'], ipMatched: true });
    expect(result.details).toMatchObject({ ip: '127.0.0.1', reached: true, hops: [{ ttl: 1, address: '127.0.0.1', lossPercent: 0 }] });
    const hops = result.type === 6 ? result.details?.hops : undefined;
    expect(hops?.[0]?.rttMs).toHaveLength(3);
  });

  it('traces ::1 for real over IPv6', async () => {
    const result = CheckResult.parse(await tracerouteCheck.run(options('::1'), LOOPBACK));
    expect(result).toMatchObject({ ok: true, details: { ip: '::1', reached: true } });
  });

  it('refuses a loopback target when the node does not allow private targets', async () => {
    const result = CheckResult.parse(await tracerouteCheck.run(options('127.0.0.1'), { allowPrivateTargets: false, matchingIps: [] }));
    expect(result).toMatchObject({ ok: false, failure: { source: 'probe', code: 'target_not_allowed' }, details: null });
  });

  it('fails an unresolvable host at the resolver', async () => {
    const result = CheckResult.parse(await tracerouteCheck.run(options('no-such-host.invalid'), LOOPBACK));
    expect(result).toMatchObject({ ok: false, failure: { source: 'resolver' }, resolvedIps: [] });
  });

  it('reports an unreached target with the last hop’s mark', async () => {
    const stdout = ' 1  10.0.0.1  0.402 ms  0.377 ms  0.369 ms\n 2  10.0.0.9  4.1 ms !H  4.2 ms !H  *\n';
    const result = CheckResult.parse(await createTracerouteCheck({ runTool: fakeRunner({ stdout }) }).run(options('127.0.0.1'), LOOPBACK));
    expect(result).toMatchObject({ ok: false, failure: { source: 'target', code: 'unreachable', detail: '!H !H' } });
    expect(result.details).toMatchObject({ reached: false, hops: [{ ttl: 1 }, { ttl: 2, address: '10.0.0.9', lossPercent: 33.333 }] });
  });

  it('turns a failing traceroute into a probe tool error with its first line', async () => {
    const stderr = 'Cannot handle "host" cmdline arg `127.0.0.1\' on position 1 (argc 9)\n';
    const result = CheckResult.parse(await createTracerouteCheck({ runTool: fakeRunner({ exitCode: 2, stderr }) }).run(options('127.0.0.1'), LOOPBACK));
    expect(result.failure).toEqual({ source: 'probe', code: 'tool_error', detail: stderr.trim() });
  });

  it('says the probe lacks traceroute when it is not installed', async () => {
    const result = CheckResult.parse(await createTracerouteCheck({ runTool: fakeRunner({ status: 'missing', exitCode: null }) }).run(options('127.0.0.1'), LOOPBACK));
    expect(result.failure).toEqual({ source: 'probe', code: 'tool_missing', detail: 'traceroute' });
  });

  it('stops when cancelled', async () => {
    const result = CheckResult.parse(await tracerouteCheck.run(options('127.0.0.1'), { ...LOOPBACK, signal: AbortSignal.abort() }));
    expect(result.failure).toEqual({ source: 'probe', code: 'timeout', detail: 'aborted' });
  });
});

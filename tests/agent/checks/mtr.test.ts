import { describe, expect, it } from 'vitest';
import { createMtrCheck, mtrCheck } from '../../../src/agent/checks/mtr/index.js';
import type { ToolOutcome, ToolRunner } from '../../../src/agent/checks/tools.js';
import type { CheckContext } from '../../../src/agent/checks/types.js';
import { MtrOptions } from '../../../src/shared/probe/options.js';
import { CheckResult } from '../../../src/shared/probe/results.js';

const LOOPBACK: CheckContext = { allowPrivateTargets: true, matchingIps: [] };
const options = (host: string) => MtrOptions.parse({ type: 'mtr', host, count: 1, maxHops: 5, timeoutMs: 60_000 });
const fakeRunner =
  (outcome: Partial<ToolOutcome>): ToolRunner =>
  () =>
    Promise.resolve({ status: 'exited', exitCode: 0, stdout: '', stderr: '', truncated: false, ...outcome });

describe('MTR on demand', () => {
  it('reports per-hop loss and latency to 127.0.0.1 for real', async () => {
    const result = CheckResult.parse(await mtrCheck.run(options('127.0.0.1'), LOOPBACK));
    expect(result).toMatchObject({ type: 'mtr', ok: true, failure: null, resolvedIps: ['127.0.0.1'] });
    expect(result.details).toMatchObject({ ip: '127.0.0.1', hops: [{ ttl: 1, host: '127.0.0.1', lossPercent: 0, sent: 1 }] });
  }, 60_000);

  it('refuses a loopback target when the node does not allow private targets', async () => {
    const result = CheckResult.parse(await mtrCheck.run(options('127.0.0.1'), { allowPrivateTargets: false, matchingIps: [] }));
    expect(result).toMatchObject({ ok: false, failure: { source: 'probe', code: 'target_not_allowed' }, details: null });
  });

  it('fails an unresolvable host at the resolver', async () => {
    const result = CheckResult.parse(await mtrCheck.run(options('no-such-host.invalid'), LOOPBACK));
    expect(result).toMatchObject({ ok: false, failure: { source: 'resolver' } });
  });

  it('reports a path whose last hop is not the target as unreachable, hops kept', async () => {
    const stdout = 'x 0 1\nh 0 10.0.0.1\np 0 400 1\nx 1 2\nx 0 3\np 0 300 3\nx 1 4\n';
    const result = CheckResult.parse(await createMtrCheck({ runTool: fakeRunner({ stdout }) }).run(options('127.0.0.1'), LOOPBACK));
    expect(result).toMatchObject({ ok: false, failure: { source: 'target', code: 'unreachable' } });
    expect(result.details).toMatchObject({ hops: [{ host: '10.0.0.1' }, { host: null, avgMs: null }] });
  });

  it('reports the hops so far while mtr runs, and the same hops in the result', async () => {
    const reports: { ip: string | null; hops: number }[] = [];
    const onProgress = (progress: { ip: string | null; hops: unknown[] }) => reports.push({ ip: progress.ip, hops: progress.hops.length });
    const result = CheckResult.parse(await mtrCheck.run({ ...options('127.0.0.1'), count: 3 }, { ...LOOPBACK, onProgress }));
    expect(result).toMatchObject({ ok: true, details: { hops: [{ ttl: 1, host: '127.0.0.1', sent: 3, lossPercent: 0 }] } });
    expect(reports.length).toBeGreaterThan(1);
    expect(reports.every((report) => report.ip === '127.0.0.1' && report.hops <= 1)).toBe(true);
  }, 60_000);

  it('turns a failing mtr into a probe tool error with its first line', async () => {
    const stderr = 'mtr: Failure to open IPv4 sockets: Operation not permitted\n';
    const result = CheckResult.parse(await createMtrCheck({ runTool: fakeRunner({ exitCode: 1, stderr }) }).run(options('127.0.0.1'), LOOPBACK));
    expect(result).toMatchObject({ ok: false, details: null });
    expect(result.failure).toEqual({ source: 'probe', code: 'tool_error', detail: stderr.trim() });
  });

  it('says the probe lacks mtr when it is not installed', async () => {
    const result = CheckResult.parse(await createMtrCheck({ runTool: fakeRunner({ status: 'missing', exitCode: null }) }).run(options('127.0.0.1'), LOOPBACK));
    expect(result.failure).toEqual({ source: 'probe', code: 'tool_missing', detail: 'mtr' });
  });

  it('kills mtr when cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const result = CheckResult.parse(await mtrCheck.run(options('127.0.0.1'), { ...LOOPBACK, signal: controller.signal }));
    expect(result.failure).toEqual({ source: 'probe', code: 'timeout', detail: 'aborted' });
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import { bareHost } from '../../../src/agent/checks/target.js';
import {
  firstLine,
  locateTool,
  resolveToolTarget,
  runTool,
  toolErrorFailure,
  toolMissingFailure,
} from '../../../src/agent/checks/tools.js';

const SHELL_TIMEOUT_MS = 30_000;

describe('running a probe tool', () => {
  it('collects stdout, stderr and the exit code', async () => {
    const outcome = await runTool('sh', ['-c', 'echo out; echo err >&2; exit 3'], { timeoutMs: SHELL_TIMEOUT_MS });
    expect(outcome).toEqual({ status: 'exited', exitCode: 3, stdout: 'out\n', stderr: 'err\n', truncated: false });
  });

  it('says a tool is missing instead of failing', async () => {
    const outcome = await runTool('vigil-no-such-tool', [], { timeoutMs: SHELL_TIMEOUT_MS });
    expect(outcome.status).toBe('missing');
    expect(toolMissingFailure('vigil-no-such-tool')).toEqual({ source: 'probe', code: 'tool_missing', detail: 'vigil-no-such-tool' });
  });

  it('kills a tool that overruns its deadline', async () => {
    const outcome = await runTool('sh', ['-c', 'echo started; exec sleep 60'], { timeoutMs: 300 });
    expect(outcome.status).toBe('timeout');
    expect(outcome.exitCode).toBeNull();
    expect(outcome.stdout).toBe('started\n');
  });

  it('kills a tool when its signal aborts, even one that ignores SIGTERM', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const outcome = await runTool('sh', ['-c', "trap '' TERM; echo started; while :; do sleep 0.1; done"], {
      timeoutMs: SHELL_TIMEOUT_MS,
      signal: controller.signal,
    });
    expect(outcome.status).toBe('aborted');
  });

  it('does not start a tool whose signal has already aborted', async () => {
    const outcome = await runTool('sh', ['-c', 'echo ran'], { timeoutMs: SHELL_TIMEOUT_MS, signal: AbortSignal.abort() });
    expect(outcome.status).toBe('aborted');
    expect(outcome.stdout).toBe('');
  });

  it('caps the output it keeps', async () => {
    const outcome = await runTool('head', ['-c', '200000', '/dev/zero'], { timeoutMs: SHELL_TIMEOUT_MS, maxOutputBytes: 1000 });
    expect(outcome.status).toBe('exited');
    expect(outcome.stdout.length).toBe(1000);
    expect(outcome.truncated).toBe(true);
  });

  it('finds tools in sbin directories and knows when one is absent', async () => {
    expect(await locateTool('traceroute')).toMatch(/\/traceroute$/);
    expect(await locateTool('vigil-no-such-tool')).toBeNull();
  });
});

describe('tool failures', () => {
  it('take the first non-empty line of the complaint as detail', () => {
    const failure = toolErrorFailure({ status: 'exited', exitCode: 2, stdout: '', stderr: '\n  bad option -Z\nusage: …\n', truncated: false });
    expect(failure).toEqual({ source: 'probe', code: 'tool_error', detail: 'bad option -Z' });
    expect(toolErrorFailure({ status: 'exited', exitCode: 4, stdout: '', stderr: '', truncated: false }).detail).toBe('exit 4');
    expect(firstLine('')).toBeUndefined();
  });
});

describe('tool check targets', () => {
  it('resolve a loopback target only when private targets are allowed', async () => {
    expect(await resolveToolTarget('127.0.0.1', { allowPrivateTargets: true, matchingIps: [] })).toEqual({
      ok: true,
      ip: '127.0.0.1',
      ips: ['127.0.0.1'],
      ipMatched: null,
    });
    expect(await resolveToolTarget('127.0.0.1', { allowPrivateTargets: false, matchingIps: [] })).toEqual({
      ok: false,
      failure: { source: 'probe', code: 'target_not_allowed' },
    });
  });

  it('accept a bracketed IPv6 literal and compare with the matching IPs', async () => {
    expect(bareHost('[::1]')).toBe('::1');
    const target = await resolveToolTarget('[::1]', { allowPrivateTargets: true, matchingIps: ['10.0.0.1'] });
    expect(target).toMatchObject({ ok: true, ip: '::1', ipMatched: false });
  });

  it('report a name that does not resolve as the resolver failing', async () => {
    const target = await resolveToolTarget('no-such-host.invalid', { allowPrivateTargets: true, matchingIps: [] });
    expect(target).toMatchObject({ ok: false, failure: { source: 'resolver' } });
  });
});

describe('stopping a tool', () => {
  it('also stops the helpers it started, so a held pipe does not delay the outcome', async () => {
    const outcome = await runTool('sh', ['-c', 'sleep 60 & sleep 60'], { timeoutMs: 300 });
    expect(outcome.status).toBe('timeout');
  });
});

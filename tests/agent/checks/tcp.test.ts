import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../src/agent/checks/types.js';
import { tcpCheck } from '../../../src/agent/checks/tcp/index.js';
import { failureOfSocketError } from '../../../src/agent/checks/tcp/connect.js';
import { TcpOptions } from '../../../src/shared/probe/options.js';
import { CheckResult } from '../../../src/shared/probe/results.js';
import { closedPort, ipv6LoopbackAvailable, type Running, startTcpListener, startUnresponsiveListener } from '../helpers/servers.js';

const hasIpv6 = await ipv6LoopbackAvailable();

const loopback: CheckContext = { allowPrivateTargets: true, matchingIps: [] };

async function check(port: number, extra: { host?: string; timeoutMs?: number } = {}, ctx = loopback) {
  const options = TcpOptions.parse({ type: 2, host: extra.host ?? '127.0.0.1', port, timeoutMs: extra.timeoutMs });
  const result = await tcpCheck.run(options, ctx);
  return CheckResult.parse(result) as typeof result;
}

describe('TCP check against loopback targets', () => {
  let listener: Running;
  beforeAll(async () => {
    listener = await startTcpListener();
  });
  afterAll(() => listener.close());

  it('connects to a listener and reports the connect time with sub-millisecond resolution', async () => {
    const result = await check(listener.port);
    expect(result.ok).toBe(true);
    expect(result.failure).toBeNull();
    expect(result.resolvedIps).toEqual(['127.0.0.1']);
    expect(result.ipMatched).toBeNull();
    expect(result.details).toMatchObject({ ip: '127.0.0.1', port: listener.port });
    const connectMs = result.details?.connectMs ?? -1;
    expect(connectMs).toBeGreaterThan(0);
    expect(connectMs).toBeLessThan(result.durationMs + 0.001);
    // At most three decimals (microseconds); times 1000 is not always an integer in floating point.
    expect(Math.round(connectMs * 1000) / 1000).toBe(connectMs);
    expect(Date.parse(result.startedAt)).not.toBeNaN();
  });

  it('resolves a host name through the system resolver', async () => {
    const result = await check(listener.port, { host: 'localhost' });
    expect(result.ok).toBe(true);
    expect(result.resolvedIps.length).toBeGreaterThan(0);
    expect(result.resolvedIps).toContain(result.details?.ip);
  });

  it.skipIf(!hasIpv6)('connects over IPv6 to a listener on ::1', async () => {
    const v6 = await startTcpListener('::1');
    try {
      const result = await check(v6.port, { host: '::1' });
      expect(result.ok).toBe(true);
      expect(result.details).toMatchObject({ ip: '::1', port: v6.port });
      expect(result.details?.connectMs).toBeGreaterThan(0);
    } finally {
      await v6.close();
    }
  });

  it('reports a closed port as refused by the target', async () => {
    const port = await closedPort();
    const result = await check(port);
    expect(result.ok).toBe(false);
    expect(result.failure).toMatchObject({ source: 'target', code: 'refused' });
    expect(result.details).toEqual({ ip: '127.0.0.1', port, connectMs: null });
  });

  it('records whether the address matches the expected IPs without failing the check', async () => {
    const matched = await check(listener.port, {}, { ...loopback, matchingIps: ['127.0.0.1'] });
    expect(matched.ipMatched).toBe(true);
    const unmatched = await check(listener.port, {}, { ...loopback, matchingIps: ['203.0.113.9'] });
    expect(unmatched.ipMatched).toBe(false);
    expect(unmatched.ok).toBe(true);
  });

  it('refuses a loopback target unless the node allows private targets', async () => {
    const result = await check(listener.port, {}, { allowPrivateTargets: false, matchingIps: [] });
    expect(result.ok).toBe(false);
    expect(result.failure).toMatchObject({ source: 'probe', code: 'target_not_allowed' });
    expect(result.details?.connectMs).toBeNull();
    expect(result.resolvedIps).toEqual([]);
  });

  it('reports an unknown host as the resolver failing', async () => {
    const result = await check(80, { host: 'no-such-host.invalid' });
    expect(result.ok).toBe(false);
    expect(result.failure?.source).toBe('resolver');
    expect(result.ipMatched).toBeNull();
  });

  it('gives up at timeoutMs when the target never completes the handshake', { timeout: 30_000 }, async () => {
    const unresponsive = await startUnresponsiveListener();
    try {
      const result = await check(unresponsive.port, { timeoutMs: 300 });
      expect(result.ok).toBe(false);
      expect(result.failure).toMatchObject({ source: 'target', code: 'timeout' });
      expect(result.durationMs).toBeGreaterThanOrEqual(299);
      expect(result.details?.connectMs).toBeNull();
    } finally {
      await unresponsive.close();
    }
  });

  it('stops when the agent aborts the check', async () => {
    const unresponsive = await startUnresponsiveListener();
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const result = await check(unresponsive.port, { timeoutMs: 10_000 }, { ...loopback, signal: controller.signal });
      expect(result.failure).toMatchObject({ source: 'probe', code: 'timeout', detail: 'aborted' });
      expect(result.durationMs).toBeLessThan(5_000);
    } finally {
      await unresponsive.close();
    }
  });
});

describe('socket errors say where the check failed', () => {
  it.each([
    ['ECONNREFUSED', 'target', 'refused'],
    ['ETIMEDOUT', 'target', 'timeout'],
    ['EHOSTUNREACH', 'target', 'unreachable'],
    ['ENETUNREACH', 'target', 'unreachable'],
    ['ECONNRESET', 'target', 'reset'],
    ['EMFILE', 'probe', 'tool_error'],
  ])('%s is %s/%s', (errno, source, code) => {
    expect(failureOfSocketError(Object.assign(new Error(errno), { code: errno }))).toEqual({ source, code, detail: errno });
  });
});

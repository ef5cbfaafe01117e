import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../src/agent/checks/types.js';
import { httpCheck } from '../../../src/agent/checks/http/index.js';
import { HttpOptions } from '../../../src/shared/probe/options.js';
import { CheckResult } from '../../../src/shared/probe/results.js';
import { BODY, closedPort, FIRST_BYTE_DELAY_MS, type Running, startHttpServer, startRawAnswerServer, startUnresponsiveListener } from '../helpers/servers.js';

const loopback: CheckContext = { allowPrivateTargets: true, matchingIps: [] };

type Extra = Partial<Omit<ReturnType<typeof HttpOptions.parse>, 'type'>>;

async function check(port: number, path: string, extra: Extra = {}, ctx = loopback) {
  const options = HttpOptions.parse({ type: 3, host: '127.0.0.1', port, path, ...extra });
  const result = await httpCheck.run(options, ctx);
  return CheckResult.parse(result) as typeof result;
}

describe('HTTP check against a loopback server', () => {
  let server: Running;
  beforeAll(async () => {
    server = await startHttpServer();
  });
  afterAll(() => server.close());

  it('reports status, body size, address and every phase for a 200', async () => {
    const result = await check(server.port, '/ok');
    expect(result.ok).toBe(true);
    expect(result.failure).toBeNull();
    expect(result.details).toMatchObject({ ip: '127.0.0.1', statusCode: 200, bodyBytes: BODY.length, redirects: 0, certificate: null });
    expect(result.details?.finalUrl).toBe(`http://127.0.0.1:${server.port}/ok`);
    const timings = result.details?.timings;
    expect(timings?.dnsMs).toBe(0);
    expect(timings?.tlsMs).toBeNull();
    expect(timings?.connectMs).toBeGreaterThan(0);
    expect(timings?.ttfbMs).toBeGreaterThan(0);
    expect(timings?.totalMs).toBeGreaterThanOrEqual((timings?.connectMs ?? 0) + (timings?.ttfbMs ?? 0));
    expect(result.durationMs).toBeGreaterThanOrEqual(timings?.totalMs ?? Infinity);
  });

  it('times the first byte of a target that delays it', async () => {
    const result = await check(server.port, '/slow');
    const timings = result.details?.timings;
    const ttfbMs = timings?.ttfbMs ?? 0;
    // Node's timers may fire up to a millisecond early against the monotonic clock.
    expect(ttfbMs).toBeGreaterThanOrEqual(FIRST_BYTE_DELAY_MS - 1);
    expect(ttfbMs).toBeLessThan(FIRST_BYTE_DELAY_MS + 500);
    expect(ttfbMs).toBeGreaterThan(timings?.connectMs ?? Infinity);
    const phases = (timings?.dnsMs ?? 0) + (timings?.connectMs ?? 0) + ttfbMs;
    expect(timings?.totalMs).toBeGreaterThanOrEqual(phases);
    // At most three decimals (microseconds); times 1000 is not always an integer in floating point.
    expect(Math.round(ttfbMs * 1000) / 1000).toBe(ttfbMs);
  });

  it('follows a redirect chain to the final page', async () => {
    const result = await check(server.port, '/redirect/3');
    expect(result.ok).toBe(true);
    expect(result.details).toMatchObject({ statusCode: 200, redirects: 3, bodyBytes: BODY.length });
    expect(result.details?.finalUrl).toBe(`http://127.0.0.1:${server.port}/ok`);
  });

  it('reports the redirect itself when redirects are not followed', async () => {
    const result = await check(server.port, '/redirect/1', { followRedirects: false });
    expect(result.ok).toBe(true);
    expect(result.details).toMatchObject({ statusCode: 302, redirects: 0 });
  });

  it('fails with too_many_redirects past maxRedirects', async () => {
    const result = await check(server.port, '/redirect/3', { maxRedirects: 2 });
    expect(result.ok).toBe(false);
    expect(result.failure).toMatchObject({ source: 'target', code: 'too_many_redirects' });
    expect(result.details).toMatchObject({ statusCode: 302, redirects: 2 });
    const loop = await check(server.port, '/loop');
    expect(loop.failure?.code).toBe('too_many_redirects');
  });

  it('fails a 500 as the target, keeping the status and timings', async () => {
    const result = await check(server.port, '/error');
    expect(result.ok).toBe(false);
    expect(result.failure).toMatchObject({ source: 'target', code: 'http_status', detail: '500' });
    expect(result.details?.statusCode).toBe(500);
    expect(result.details?.timings.ttfbMs).toBeGreaterThan(0);
  });

  it('stops reading the body at the cap and reports the capped size without failing', async () => {
    const result = await check(server.port, '/big/5000000', { maxBodyBytes: 10_000 });
    expect(result.ok).toBe(true);
    expect(result.details?.bodyBytes).toBe(10_000);
    const whole = await check(server.port, '/big/50000');
    expect(whole.details?.bodyBytes).toBe(50_000);
  });

  it('counts a chunked body that arrives in pieces', async () => {
    const result = await check(server.port, '/chunked/10000');
    expect(result.ok).toBe(true);
    expect(result.details).toMatchObject({ statusCode: 200, bodyBytes: 10_000 });
  });

  it('reads no body for HEAD', async () => {
    const result = await check(server.port, '/ok', { method: 'HEAD' });
    expect(result.details).toMatchObject({ statusCode: 200, bodyBytes: 0 });
  });

  it('resolves a host name and measures the DNS phase', async () => {
    const result = await check(server.port, '/ok', { host: 'localhost' } as Extra);
    expect(result.resolvedIps.length).toBeGreaterThan(0);
    expect(result.details?.timings.dnsMs).toBeGreaterThan(0);
  });

  it('records an unmatched address and stays ok', async () => {
    const result = await check(server.port, '/ok', {}, { ...loopback, matchingIps: ['203.0.113.7'] });
    expect(result.ipMatched).toBe(false);
    expect(result.ok).toBe(true);
  });

  it('times out with 000 when the server never answers', async () => {
    const result = await check(server.port, '/silent', { timeoutMs: 300 });
    expect(result.ok).toBe(false);
    expect(result.failure).toMatchObject({ source: 'target', code: 'timeout' });
    expect(result.details?.statusCode).toBe('000');
    expect(result.details?.timings.connectMs).toBeGreaterThan(0);
    expect(result.details?.timings.ttfbMs).toBeNull();
  });
});

describe('HTTP check when the domain cannot be reached', () => {
  it('answers 000 for a refused port', async () => {
    const result = await check(await closedPort(), '/');
    expect(result.ok).toBe(false);
    expect(result.failure).toMatchObject({ source: 'target', code: 'refused' });
    expect(result.details?.statusCode).toBe('000');
    expect(result.details?.timings.connectMs).toBeNull();
  });

  it('answers 000 for a connect timeout', { timeout: 30_000 }, async () => {
    const unresponsive = await startUnresponsiveListener();
    try {
      const result = await check(unresponsive.port, '/', { timeoutMs: 300 });
      expect(result.failure).toMatchObject({ source: 'target', code: 'timeout' });
      expect(result.details?.statusCode).toBe('000');
    } finally {
      await unresponsive.close();
    }
  });

  it('answers 000 for an unknown domain, failing at the resolver', async () => {
    const result = await check(80, '/', { host: 'no-such-host.invalid' } as Extra);
    expect(result.failure?.source).toBe('resolver');
    expect(result.details?.statusCode).toBe('000');
    expect(result.ipMatched).toBeNull();
  });

  it('refuses a loopback target unless allowed', async () => {
    const server = await startHttpServer();
    try {
      const result = await check(server.port, '/ok', {}, { allowPrivateTargets: false, matchingIps: [] });
      expect(result.failure).toMatchObject({ source: 'probe', code: 'target_not_allowed' });
      expect(result.details?.statusCode).toBe('000');
    } finally {
      await server.close();
    }
  });
});

describe('HTTP check against targets that answer badly', () => {
  const targets: Running[] = [];
  const answering = async (answer: string): Promise<number> => {
    const target = await startRawAnswerServer(answer);
    targets.push(target);
    return target.port;
  };
  afterAll(async () => Promise.all(targets.map((target) => target.close())));

  it('fails as the target with 000 when the answer is not HTTP', async () => {
    const result = await check(await answering('SSH-2.0-OpenSSH_9.6\r\n'), '/');
    expect(result.ok).toBe(false);
    expect(result.failure).toEqual({ source: 'target', code: 'http_status', detail: 'HPE_INVALID_CONSTANT' });
    expect(result.details?.statusCode).toBe('000');
  });

  it('fails as the target when the connection closes before the announced body ends, keeping the status', async () => {
    const result = await check(await answering('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly ten b'), '/');
    expect(result.ok).toBe(false);
    expect(result.failure?.source).toBe('target');
    expect(result.details).toMatchObject({ statusCode: 200, bodyBytes: 10 });
  });

  it('takes an HTTP/1.0 body that ends with the connection', async () => {
    const result = await check(await answering('HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nthe whole page'), '/');
    expect(result.ok).toBe(true);
    expect(result.details).toMatchObject({ statusCode: 200, bodyBytes: 14 });
  });
});
